"""Replay rebuilds a game from its events; a seat's view holds only what RULES.md lets it know."""

from __future__ import annotations

import dataclasses

import pytest
from president.contract import SeatView
from president.rules import Options, ReplayError, observe, replay
from president.rules.events import CardsPlayed, TrickEnded

from .table import Table, deal_giving, exchange_table, ladder_deal, play_ladder_round


def test_replaying_the_events_rebuilds_the_same_state() -> None:
    table = Table(ladder_deal())
    play_ladder_round(table)

    assert replay(Options(players=4), table.events) == table.state


def test_replaying_a_series_with_an_exchange_rebuilds_the_same_state() -> None:
    table = exchange_table(deal_giving(4, {}))
    table.give_back(1, sorted(table.hand(1))[0])
    table.give_back(0, *sorted(table.hand(0))[:2])

    assert replay(Options(players=4, rounds=2), table.events) == table.state


def test_replay_rejects_an_illegal_recorded_play() -> None:
    table = Table(ladder_deal())
    events = [*table.events, CardsPlayed(1, seat=0, cards=("3C",))]  # seat 3 holds 3C

    with pytest.raises(ReplayError) as raised:
        replay(Options(players=4), events)
    assert raised.value.index == len(events) - 1


def test_replay_rejects_a_derived_event_the_rules_do_not_give() -> None:
    table = Table(ladder_deal())
    play_ladder_round(table)
    index = next(i for i, e in enumerate(table.events) if isinstance(e, TrickEnded))
    events = list(table.events)
    events[index] = dataclasses.replace(events[index], leader=2)  # type: ignore[type-var]

    with pytest.raises(ReplayError) as raised:
        replay(Options(players=4), events)
    assert raised.value.index == index


def test_replay_rejects_a_log_that_stops_before_a_derived_event() -> None:
    table = Table(ladder_deal())
    table.play(0, "QS")
    table.passes(1, 2, 3)  # the last pass ends the trick

    with pytest.raises(ReplayError):
        replay(Options(players=4), table.events[:-1])


def test_a_seat_sees_its_own_hand_every_hand_size_and_the_public_plays_only() -> None:
    table = Table(ladder_deal())
    table.play(0, "QS")
    view = observe(table.state, 3)
    text = SeatView.of(view).model_dump_json()  # what a prompt carries

    assert set(view.hand) == table.hand(3)
    assert view.hand_sizes == (12, 13, 13, 13)
    assert view.top_cards == ("QS",) and view.to_act == 1
    hidden = (table.hand(0) | table.hand(1) | table.hand(2)) - {"QS"}
    assert not any(f'"{card}"' in text for card in hidden)
    assert view.legal_actions == ()
