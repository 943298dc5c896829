"""Sure exits: a hand that can play out whatever the unseen cards are."""

from __future__ import annotations

from president.ai.plan import is_safe, sure_exit


def counts(**by_rank: int) -> list[int]:
    ranks = ["r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "rJ", "rQ", "rK", "rA", "r2"]
    return [by_rank.get(name, 0) for name in ranks]


def test_a_play_is_safe_when_no_unseen_rank_above_has_as_many_cards() -> None:
    unseen = counts(r3=4, rK=1, rA=1)
    assert is_safe(11, 2, unseen, False, True)
    assert not is_safe(10, 1, unseen, False, True)
    assert is_safe(0, 1, counts(rA=3), True, True)


def test_a_four_is_judged_in_the_order_it_leaves_behind() -> None:
    # Four 5s flip to reversed: only four 4s or four 3s answer them.
    assert not is_safe(2, 4, counts(r3=4), False, True)
    assert is_safe(2, 4, counts(r9=4), False, True)
    assert not is_safe(2, 4, counts(r9=4), False, False)


def test_safe_leads_then_the_last_group_make_a_sure_exit() -> None:
    mine = counts(r5=1, rA=2, r2=1)
    unseen = counts(r6=3, rK=2, rA=1)
    first = sure_exit(mine, unseen, reversed_=False, revolution=True)
    assert first in {(12, 1), (11, 2)}


def test_two_beatable_groups_are_no_sure_exit() -> None:
    mine = counts(r5=1, r7=1, r2=1)
    assert sure_exit(mine, counts(rK=3), reversed_=False, revolution=True) is None


def test_a_follow_that_cannot_be_answered_starts_a_sure_exit() -> None:
    mine = counts(r4=1, r2=1)
    move = sure_exit(mine, counts(rA=2), reversed_=False, revolution=True, top_rank=9, top_count=1)
    assert move == (12, 1)
