"""RULES.md, Rejections: one code per illegal action, the first that applies in table order."""

from __future__ import annotations

import pytest
from president.rules import (
    Action,
    Pass,
    Play,
    Refusal,
    RejectionCode,
    Return,
    apply_action,
    parse_action,
)

from .table import Table, deal_giving, exchange_table, ladder_deal, play_ladder_round

Code = RejectionCode


def play_table() -> Table:
    """Seat 0 leads; after ``opened`` seat 0 has led 6C 6D and seat 1 is to follow."""
    return Table(
        deal_giving(
            4,
            {
                0: ["6C", "6D", "6H", "3C", "3D"],
                1: ["7C", "7D", "5C", "5D", "8C", "6S", "9C", "9D", "9H", "9S", "KC"],
                2: ["2C", "2D"],
            },
        )
    )


def opened() -> Table:
    table = play_table()
    table.play(0, "6C", "6D")
    return table


def exchanging() -> Table:
    """Round 2 of a series, seats 0 (owes 2 to seat 3) and 1 (owes 1 to seat 2) to return."""
    chosen = {0: ["3C", "4C", "5C", "3H", "4H"], 1: ["3D", "4D"], 3: ["3S"]}
    return exchange_table(deal_giving(4, chosen))


def ended() -> Table:
    """A one-round game that is over."""
    table = Table(ladder_deal())
    play_ladder_round(table)
    return table


def code_of(table: Table, raw: object) -> RejectionCode | None:
    """What the referee does with a raw action: parse, then apply."""
    action = parse_action(raw, table.state.players)
    outcome = action if isinstance(action, Refusal) else apply_action(table.state, action)
    return outcome.code if isinstance(outcome, Refusal) else None


# --- one test per code ------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        ["seat", 0],
        "pass",
        None,
        {"play": ["3C"]},
        {"seat": "0", "play": ["3C"]},
        {"seat": True, "play": ["3C"]},
        {"seat": 1.0, "pass": True},
        {"seat": -1, "play": ["3C"]},
        {"seat": 4, "play": ["3C"]},
        {"seat": 0},
        {"seat": 0, "play": ["3C"], "pass": True},
        {"seat": 0, "play": ["3C"], "return": ["3C"]},
        {"seat": 0, "pass": False},
        {"seat": 0, "pass": "true"},
        {"seat": 0, "pass": 1},
        {"seat": 0, "play": "3C"},
        {"seat": 0, "play": [3]},
        {"seat": 0, "play": None},
        {"seat": 0, "return": {"3C": 1}},
    ],
)
def test_a_malformed_action_is_bad_action(raw: object) -> None:
    assert code_of(play_table(), raw) is Code.BAD_ACTION


def test_a_play_or_pass_while_returns_are_awaited_is_wrong_phase() -> None:
    table = exchanging()
    assert table.rejects(Play(0, ("3C",))) is Code.WRONG_PHASE
    assert table.rejects(Pass(3)) is Code.WRONG_PHASE


def test_a_return_during_play_is_wrong_phase() -> None:
    assert play_table().rejects(Return(0, ("3C", "3D"))) is Code.WRONG_PHASE


def test_anything_after_the_game_ended_is_wrong_phase() -> None:
    table = ended()
    for action in (Play(3, ("3C",)), Pass(3), Return(0, ("3C", "3D")), Play(0, ("ZZ",))):
        assert table.rejects(action) is Code.WRONG_PHASE


def test_a_play_or_pass_by_a_seat_not_to_act_is_not_your_turn() -> None:
    table = opened()
    assert table.rejects(Play(2, ("2C",))) is Code.NOT_YOUR_TURN
    assert table.rejects(Pass(0)) is Code.NOT_YOUR_TURN
    assert table.rejects(Pass(3)) is Code.NOT_YOUR_TURN


def test_a_return_by_a_seat_that_owes_none_is_not_your_turn() -> None:
    table = exchanging()
    assert table.rejects(Return(3, ("3S", "4S"))) is Code.NOT_YOUR_TURN
    table.give_back(1, "3D")
    assert table.rejects(Return(1, ("4D",))) is Code.NOT_YOUR_TURN


@pytest.mark.parametrize("card", ["1C", "3c", "10", "11H", "3X", "", "JOKER", "T S", "0S"])
def test_a_card_string_that_is_not_one_of_the_52_is_unknown_card(card: str) -> None:
    assert play_table().rejects(Play(0, (card,))) is Code.UNKNOWN_CARD


def test_the_same_card_twice_is_duplicate_card() -> None:
    assert play_table().rejects(Play(0, ("6C", "6C"))) is Code.DUPLICATE_CARD
    assert exchanging().rejects(Return(0, ("3C", "3C"))) is Code.DUPLICATE_CARD


def test_a_play_of_no_cards_is_empty_play() -> None:
    assert play_table().rejects(Play(0, ())) is Code.EMPTY_PLAY
    assert opened().rejects(Play(1, ())) is Code.EMPTY_PLAY


def test_a_play_of_more_than_four_cards_is_too_many_cards() -> None:
    assert play_table().rejects(Play(0, ("6C", "6D", "6H", "3C", "3D"))) is Code.TOO_MANY_CARDS


def test_a_card_the_seat_does_not_hold_is_card_not_in_hand() -> None:
    assert play_table().rejects(Play(0, ("2C",))) is Code.CARD_NOT_IN_HAND
    assert exchanging().rejects(Return(0, ("3C", "3D"))) is Code.CARD_NOT_IN_HAND


def test_a_play_of_different_ranks_is_mixed_ranks_but_returns_may_mix() -> None:
    assert play_table().rejects(Play(0, ("6C", "3C"))) is Code.MIXED_RANKS
    exchanging().give_back(0, "3C", "4C")


def test_a_pass_on_an_empty_trick_is_leader_cannot_pass() -> None:
    assert play_table().rejects(Pass(0)) is Code.LEADER_CANNOT_PASS


def test_a_follow_or_return_of_the_wrong_size_is_wrong_count() -> None:
    table = opened()
    assert table.rejects(Play(1, ("7C",))) is Code.WRONG_COUNT
    assert table.rejects(Play(1, ("9C", "9D", "9H"))) is Code.WRONG_COUNT
    table = exchanging()
    assert table.rejects(Return(0, ("3C",))) is Code.WRONG_COUNT
    assert table.rejects(Return(1, ("3D", "4D"))) is Code.WRONG_COUNT


def test_a_follow_of_an_equal_or_lower_rank_is_not_higher() -> None:
    table = opened()
    assert table.rejects(Play(1, ("5C", "5D"))) is Code.NOT_HIGHER
    assert table.rejects(Play(1, ("6S",))) is Code.WRONG_COUNT
    table.play(1, "7C", "7D")
    table.pass_(2)
    table.pass_(3)
    assert table.rejects(Play(0, ("6H",))) is Code.WRONG_COUNT


# --- the order of the checks -------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "action", "code"),
    [
        # a wrong seat beats everything about the cards
        (opened, Play(2, ("ZZ", "ZZ")), Code.NOT_YOUR_TURN),
        (play_table, Pass(1), Code.NOT_YOUR_TURN),
        (exchanging, Return(2, ("ZZ",)), Code.NOT_YOUR_TURN),
        # the phase beats the seat
        (exchanging, Play(2, ("ZZ",)), Code.WRONG_PHASE),
        (play_table, Return(3, ()), Code.WRONG_PHASE),
        # unknown beats duplicate, whatever comes first in the list
        (play_table, Play(0, ("6C", "6C", "ZZ")), Code.UNKNOWN_CARD),
        (exchanging, Return(0, ("3C", "3C", "ZZ")), Code.UNKNOWN_CARD),
        # duplicate beats too many and not in hand
        (play_table, Play(0, ("2C", "2C", "2D", "2H", "2S")), Code.DUPLICATE_CARD),
        # too many beats not in hand and mixed ranks
        (play_table, Play(0, ("2C", "3C", "4C", "5C", "6C")), Code.TOO_MANY_CARDS),
        # not in hand beats mixed ranks and wrong count
        (opened, Play(1, ("7C", "2S", "8C")), Code.CARD_NOT_IN_HAND),
        (exchanging, Return(0, ("3C", "3S", "4C")), Code.CARD_NOT_IN_HAND),
        # mixed ranks beats wrong count
        (opened, Play(1, ("7C", "8C", "9C")), Code.MIXED_RANKS),
        # wrong count beats not higher
        (opened, Play(1, ("5C",)), Code.WRONG_COUNT),
        (opened, Play(1, ("9C", "9D", "9H", "9S")), Code.WRONG_COUNT),
        # a return of the wrong size is a count problem, not an empty or oversized play
        (exchanging, Return(0, ()), Code.WRONG_COUNT),
        (exchanging, Return(0, ("3C", "4C", "5C", "3H", "4H")), Code.WRONG_COUNT),
    ],
)
def test_the_first_code_in_table_order_is_the_answer(
    make: object, action: Action, code: RejectionCode
) -> None:
    table: Table = make()  # type: ignore[operator]
    assert table.rejects(action) is code


def test_a_malformed_action_is_bad_action_in_any_phase() -> None:
    assert code_of(exchanging(), {"seat": 9, "return": ["3C"]}) is Code.BAD_ACTION
    assert code_of(opened(), {"seat": 1, "pass": False}) is Code.BAD_ACTION


def test_a_rejected_action_leaves_the_game_as_it_was() -> None:
    table = opened()
    before = table.state
    for action in (Play(1, ("5C", "5D")), Pass(0), Play(1, ())):
        table.rejects(action)
    assert table.state is before
    table.play(1, "7C", "7D")
    assert table.to_act == 2
