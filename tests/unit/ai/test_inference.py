"""Reading the opponents' own moves: leads, follows and passes."""

from __future__ import annotations

from president.ai.inference import Clue, infer
from president.rules import (
    Applied,
    Observation,
    Options,
    apply_action,
    apply_deal,
    new_game,
    observe,
)
from president.rules.actions import Action, Pass, Play
from president.rules.cards import names_mask

_SEAT_0 = "3C 3D 3H 4C 4D 4H AC AD AH 10D JD QD KD 5D 6D 7D 8D"
_SEAT_1 = "5C 6C 7C 8C 9C 10C JC QC KC 5H 6H 7H 8H 2C 2D 2H 2S"
_SEAT_2 = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 9D 9H 10H JH QH KH"
# Seat 1 holds 5s to Ks (and every 2); seats 0 and 2 share the rest.
HANDS = [
    list(_SEAT_0.split()),
    list(_SEAT_1.split()),
    list(_SEAT_2.split()),
]


def _view_after(actions: list[Action], seat: int) -> Observation:
    state = apply_deal(new_game(Options(players=3)), HANDS).state
    for action in actions:
        outcome = apply_action(state, action)
        assert isinstance(outcome, Applied), outcome
        state = outcome.state
    return observe(state, seat)


def test_a_lead_suggests_the_leader_holds_nothing_weaker_nor_more_of_that_rank() -> None:
    view = _view_after([Play(0, ("3C",))], seat=2)
    avoid = infer(view).avoid
    assert avoid[0] == names_mask(["3C", "3D", "3H", "3S"])
    assert avoid[2] == 0


def test_a_pass_and_a_follow_become_clues_about_exact_groups() -> None:
    view = _view_after([Play(0, ("3C",)), Play(1, ("5C",)), Pass(2)], seat=0)
    clues = infer(view).clues
    follow = next(c for c in clues if c.seat == 1)
    passed = next(c for c in clues if c.seat == 2)
    assert (follow.low, follow.high, follow.count) == (0, 2, 1)
    assert (passed.low, passed.count) == (2, 1)
    assert not passed.explained_by(names_mask(["6S"]))
    assert passed.explained_by(names_mask(["6S", "6D"]))
    assert passed.explained_by(names_mask(["AS"]))  # aces are kept back anyway


def test_a_seat_whose_later_plays_contradict_its_lead_is_not_read() -> None:
    # Seat 0 leads a 4 while holding 3s, then plays a 3: it does not lead low.
    actions: list[Action] = [Play(0, ("4C",)), Pass(1), Pass(2), Play(0, ("3C",))]
    view = _view_after(actions, seat=1)
    inferred = infer(view)
    assert inferred.avoid[0] == 0
    assert all(clue.seat != 0 for clue in inferred.clues)


def test_clues_only_judge_groups_below_the_aces() -> None:
    clue = Clue(seat=1, low=9, high=13, count=1, reversed=False, later=0)
    assert clue.explained_by(names_mask(["AS", "2S"]))
    assert not clue.explained_by(names_mask(["KS"]))
