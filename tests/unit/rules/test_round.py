"""RULES.md, A round: leads, turns, following, passes, trick ends, going out, the last player."""

from __future__ import annotations

import random

import pytest
from president.rules import Pass, Phase, Play, RejectionCode, legal_actions
from president.rules.events import PlayerFinished, RoundEnded, TrickEnded

from .table import LADDER_LEADS, Table, deal_giving, ladder_deal, play_ladder_round, quads


def play_randomly_until_the_round_ends(table: Table, seed: int) -> None:
    rng = random.Random(seed)
    number = table.state.round
    while table.state.round == number and table.state.phase is not Phase.GAME_OVER:
        if table.state.phase is Phase.DEAL:
            break
        table.act(rng.choice(legal_actions(table.state)))


# --- 1. who leads ------------------------------------------------------------------------


def test_round_one_is_led_by_seat_zero_whoever_holds_the_three_of_clubs() -> None:
    table = Table(deal_giving(4, {2: ["3C"]}))

    assert table.state.phase is Phase.PLAY
    assert table.to_act == 0
    assert "3C" not in table.hand(0)


def test_the_first_leader_has_a_free_choice_of_any_rank_and_size() -> None:
    table = Table(deal_giving(4, {0: ["2S", *quads("9"), "5C", "5D"]}))
    actions = legal_actions(table.state)

    assert Play(0, ("2S",)) in actions
    assert Play(0, ("9C", "9D", "9H", "9S")) in actions
    assert Play(0, ("5C", "5D")) in actions
    assert all(isinstance(action, Play) and action.seat == 0 for action in actions)


@pytest.mark.parametrize(
    ("players", "round_leader", "leader"),
    [
        (4, "asshole", 3),
        (4, "president", 2),
        (4, "first_seat", 0),
        (3, "asshole", 1),
        (3, "president", 2),
        (3, "first_seat", 0),
    ],
)
def test_rounds_two_and_on_are_led_by_the_round_leader_option_after_the_exchange(
    players: int, round_leader: str, leader: int
) -> None:
    table = Table(deal_giving(players, {}), rounds=2, round_leader=round_leader)
    play_randomly_until_the_round_ends(table, seed=0)
    assert table.state.results[0].finish_order in [(2, 0, 1, 3), (2, 0, 1)]

    table.deal(deal_giving(players, {}))
    assert table.state.phase is Phase.EXCHANGE and table.to_act is None
    for seat, _, count in table.state.owed:
        table.give_back(seat, *sorted(table.hand(seat))[:count])

    assert table.state.phase is Phase.PLAY
    assert table.to_act == leader


def test_the_asshole_leads_round_two_by_default() -> None:
    table = Table(ladder_deal(), rounds=2)
    play_ladder_round(table)  # finish order 0, 1, 2, 3

    table.deal(deal_giving(4, {}))
    table.give_back(0, *sorted(table.hand(0))[:2])
    table.give_back(1, sorted(table.hand(1))[0])

    assert table.to_act == 3


# --- 2. a play, and the leader's duty ---------------------------------------------------


def test_the_leader_of_a_trick_must_play() -> None:
    table = Table(deal_giving(4, {}))

    assert Pass(0) not in legal_actions(table.state)
    assert table.rejects(Pass(0)) is RejectionCode.LEADER_CANNOT_PASS


def test_a_play_is_one_to_four_cards_of_one_rank() -> None:
    table = Table(deal_giving(4, {0: quads("9")}))
    sizes = {len(a.cards) for a in legal_actions(table.state) if isinstance(a, Play)}

    assert sizes == {1, 2, 3, 4}
    assert table.rejects(Play(0, ("9C", "9D", "9H", "9S", "3C"))) is RejectionCode.TOO_MANY_CARDS


# --- 3. turns and following -------------------------------------------------------------


def test_the_turn_passes_clockwise() -> None:
    table = Table(deal_giving(4, {0: ["3C"], 1: ["4C"], 2: ["5C"], 3: ["6C"]}))
    for seat, card in enumerate(["3C", "4C", "5C"]):
        assert table.to_act == seat
        table.play(seat, card)
    assert table.to_act == 3


def test_the_turn_skips_players_who_passed_in_this_trick() -> None:
    table = Table(deal_giving(4, {0: ["3C", "5C"], 1: ["4D"], 2: ["6D"], 3: ["7D"]}))
    table.play(0, "3C")
    table.pass_(1)
    table.play(2, "6D")
    table.play(3, "7D")
    assert table.to_act == 0
    table.pass_(0)
    assert table.to_act == 2  # seat 1 passed: skipped until the trick ends


def test_a_follower_plays_the_same_number_of_a_strictly_higher_rank() -> None:
    table = Table(deal_giving(4, {0: ["5C", "5D"], 1: ["5H", "5S", "6C", "6D", "6H", "4C", "4D"]}))
    table.play(0, "5C", "5D")

    assert set(legal_actions(table.state)) == {
        Pass(1),
        Play(1, ("6C", "6D")),
        Play(1, ("6C", "6H")),
        Play(1, ("6D", "6H")),
    }
    assert table.rejects(Play(1, ("5H", "5S"))) is RejectionCode.NOT_HIGHER
    assert table.rejects(Play(1, ("4C", "4D"))) is RejectionCode.NOT_HIGHER
    table.play(1, "6C", "6H")
    assert table.to_act == 2


def test_equal_rank_is_not_higher_there_is_no_equalization() -> None:
    table = Table(deal_giving(4, {0: ["8C"], 1: ["8D"]}))
    table.play(0, "8C")

    assert table.rejects(Play(1, ("8D",))) is RejectionCode.NOT_HIGHER


def test_more_cards_never_beat_fewer_and_fewer_never_beat_more() -> None:
    table = Table(deal_giving(4, {0: ["3C", "3D"], 1: ["4C", "4D", "4H", "2C"]}))
    table.play(0, "3C")
    assert table.rejects(Play(1, ("4C", "4D"))) is RejectionCode.WRONG_COUNT

    table = Table(deal_giving(4, {0: ["3C", "3D"], 1: ["4C", "4D", "4H", "2C"]}))
    table.play(0, "3C", "3D")
    assert table.rejects(Play(1, ("2C",))) is RejectionCode.WRONG_COUNT


# --- 4. a pass is final -----------------------------------------------------------------


def test_a_pass_is_final_until_the_trick_ends() -> None:
    table = Table(deal_giving(4, {0: ["3C", "6C"], 1: ["4C", "9C"], 2: ["5C"], 3: ["7C", "8D"]}))
    table.play(0, "3C")
    table.pass_(1)
    table.play(2, "5C")
    table.play(3, "7C")
    table.pass_(0)
    assert table.rejects(Play(1, ("9C",))) is RejectionCode.NOT_YOUR_TURN
    table.pass_(2)

    # Seat 3's 7C stands: the trick ends and seat 1 may play again in the next one.
    assert table.to_act == 3
    table.play(3, "8D")
    table.pass_(0)
    table.play(1, "9C")


# --- 5. trick end and who leads ---------------------------------------------------------


def test_the_trick_ends_when_all_other_active_players_passed_and_its_last_player_leads() -> None:
    table = Table(deal_giving(4, {0: ["3C"], 1: ["4C"]}))
    table.play(0, "3C")
    table.play(1, "4C")
    table.pass_(2)
    table.pass_(3)
    events = table.pass_(0)

    assert TrickEnded(1, winner=1, leader=1) in events
    assert table.to_act == 1
    assert table.state.trick_empty and table.state.passed == 0


def test_worked_example_a_plays_their_last_cards_b_c_d_pass_and_b_leads() -> None:
    table = Table(ladder_deal(), revolution=False)
    for cards in LADDER_LEADS[0][:3]:
        table.play(0, *cards)
        table.passes(1, 2, 3)

    events = table.play(0, "QS")  # A's last card
    assert PlayerFinished(1, seat=0, place=1, title="president") in events
    table.passes(1, 2)
    events = table.pass_(3)

    assert TrickEnded(1, winner=0, leader=1) in events
    assert table.to_act == 1


def test_after_going_out_on_the_winning_play_the_next_player_leads_even_one_who_passed() -> None:
    # A (seat 0) plays its last card in a trick that B (seat 1) already passed.
    hand = [*quads("A", "K"), "QC", "QD", "QH", "7C", "2S"]
    table = Table(deal_giving(4, {0: hand, 1: ["2C"], 2: ["8C", "2D"], 3: ["9C", "2H"]}))
    for cards in (quads("A"), quads("K"), ["QC", "QD", "QH"]):
        table.play(0, *cards)
        table.passes(1, 2, 3)
    table.play(0, "7C")
    table.pass_(1)
    table.play(2, "8C")
    table.play(3, "9C")
    table.play(0, "2S")  # out, and nothing beats a 2

    assert table.to_act == 2  # seat 1 passed: skipped
    table.pass_(2)
    events = table.pass_(3)
    assert TrickEnded(1, winner=0, leader=1) in events
    assert table.to_act == 1


def test_the_trick_ends_on_a_play_that_everyone_still_in_had_already_passed() -> None:
    # Seat 0 goes out on a single; 1 and 2 pass; seat 3 beats it: nobody is left to answer.
    hand = [*quads("A", "K"), "QC", "QD", "QH", "7C", "8C"]
    table = Table(deal_giving(4, {0: hand, 1: ["2C"], 2: ["2D"], 3: ["9C", "2H"]}))
    for cards in (quads("A"), quads("K"), ["QC", "QD", "QH"], ["7C"]):
        table.play(0, *cards)
        table.passes(1, 2, 3)
    table.play(0, "8C")
    table.passes(1, 2)
    events = table.play(3, "9C")

    assert TrickEnded(1, winner=3, leader=3) in events
    assert table.to_act == 3 and table.state.trick_empty


# --- 6. going out -----------------------------------------------------------------------


def test_going_out_takes_the_next_place_at_once_and_the_cards_must_still_be_beaten() -> None:
    hand = [*quads("A", "K", "Q"), "7C"]
    table = Table(deal_giving(4, {0: hand, 1: ["6C", "8C"]}), revolution=False)
    for cards in (quads("A"), quads("K"), quads("Q")):
        table.play(0, *cards)
        table.passes(1, 2, 3)
    events = table.play(0, "7C")

    assert PlayerFinished(1, seat=0, place=1, title="president") in events
    assert table.state.finished == (0,)
    assert table.state.top_rank != -1 and table.to_act == 1
    assert table.rejects(Play(1, ("6C",))) is RejectionCode.NOT_HIGHER
    table.play(1, "8C")
    assert table.to_act == 2


def test_a_finished_player_is_skipped_for_the_rest_of_the_round() -> None:
    table = Table(ladder_deal(), revolution=False)
    for cards in LADDER_LEADS[0]:
        table.play(0, *cards)
        table.passes(1, 2, 3)
    table.play(1, "8S")
    table.pass_(2)
    assert table.to_act == 3
    table.pass_(3)
    assert table.to_act == 1  # seat 0 is out


# --- 7. the last player holding cards ---------------------------------------------------


def test_when_one_player_still_holds_cards_they_take_last_place_and_the_round_ends_at_once() -> (
    None
):
    table = Table(ladder_deal(), revolution=False)
    for seat, leads in LADDER_LEADS.items():
        for cards in leads[:-1] if seat == 2 else leads:
            table.play(seat, *cards)
            while not table.state.trick_empty:
                table.pass_(table.to_act)  # type: ignore[arg-type]

    events = table.play(2, "4S")  # seat 3 never gets to answer: the trick is abandoned

    assert PlayerFinished(1, seat=2, place=3, title="vice_asshole") in events
    assert PlayerFinished(1, seat=3, place=4, title="asshole") in events
    assert not any(isinstance(event, TrickEnded) for event in events)
    [ended] = [event for event in events if isinstance(event, RoundEnded)]
    assert ended.finish_order == (0, 1, 2, 3)
    assert table.state.phase is Phase.GAME_OVER
    assert table.state.hands[3] != 0 and table.to_act is None
    assert legal_actions(table.state) == []


def test_a_round_ends_with_exactly_one_player_holding_cards() -> None:
    table = Table(deal_giving(5, {}), rounds=1)
    play_randomly_until_the_round_ends(table, seed=11)

    holding = [seat for seat, hand in enumerate(table.state.hands) if hand]
    assert holding == [table.state.results[0].finish_order[-1]]
