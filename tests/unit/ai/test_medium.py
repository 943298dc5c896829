"""Medium: keeps its top cards, avoids breaking groups, takes sure exits."""

from __future__ import annotations

from president.ai import make_policy
from president.rules import Pass, Play

from .views import view_of

MEDIUM = make_policy("medium")


def test_medium_keeps_its_2s_for_a_high_trick_while_its_hand_is_long() -> None:
    hand = ["4C", "5D", "6D", "7H", "8S", "9C", "2S"]
    assert MEDIUM.decide(view_of(hand, top=["6H"])) == Play(0, ("7H",))
    assert MEDIUM.decide(view_of(hand, top=["10H"])) == Pass(0)
    assert MEDIUM.decide(view_of(hand, top=["AH"])) == Play(0, ("2S",))


def test_medium_spends_its_2_when_an_opponent_is_about_to_go_out() -> None:
    hand = ["4C", "5D", "6D", "7H", "8S", "9C", "2S"]
    others = [["QC", "KD"], ["3C", "3D", "3H", "3S", "4D", "5C"]]
    assert MEDIUM.decide(view_of(hand, others=others, top=["10H"])) == Play(0, ("2S",))


def test_medium_does_not_break_a_high_pair_for_a_single() -> None:
    hand = ["3C", "4C", "4D", "5H", "QC", "QD", "KS", "KD"]
    assert MEDIUM.decide(view_of(hand, top=["JH"])) == Pass(0)


def test_medium_breaks_a_low_pair_rather_than_pass() -> None:
    hand = ["5C", "5D", "9H", "9S", "KC", "KD", "AS", "AD"]
    assert MEDIUM.decide(view_of(hand, top=["4H"])) == Play(0, ("5C",))


def test_medium_leads_its_lowest_group_keeping_its_fours() -> None:
    hand = ["6C", "6D", "6H", "6S", "8C", "8D", "JH"]
    assert MEDIUM.decide(view_of(hand)) == Play(0, ("8C", "8D"))


def test_medium_takes_a_sure_way_out() -> None:
    # Nobody can beat the 2s: lead them, then go out with the 5.
    others = [["6C", "KD", "AC"], ["7C", "KC", "AD"]]
    view = view_of(["5C", "2C", "2D"], others=others)
    assert MEDIUM.decide(view) == Play(0, ("2C", "2D"))
