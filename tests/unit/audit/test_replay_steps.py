"""The replay an auditor steps through (the web page's data): every deal and decision of the
finished rounds with every hand after it, replayed by the rules; never the round in play;
a broken record gives a failed verdict and steps up to the break."""

from __future__ import annotations

import dataclasses
import json

import pytest
from president.audit.steps import replay_document
from president.rules import Options
from president.store import RecordedEvent
from president.store.memory import InMemoryEventStore
from president_tools.sample import SampleGame, play_sample_game, write_game

from tests.support.tampering import TAMPERS, rows_of, tampered

TABLE = "tbl-replay"


@pytest.fixture(scope="module")
def series() -> SampleGame:
    return play_sample_game(TABLE, Options(players=4, rounds=2), seed=5, names=("Ana",))


async def _recorded(series: SampleGame) -> list[RecordedEvent]:
    store = InMemoryEventStore()
    await write_game(store, series)
    events: list[RecordedEvent] = await store.read_stream(series.stream_id)
    return events


async def test_every_decision_of_a_finished_game_is_a_step_with_every_hand(
    series: SampleGame,
) -> None:
    events = await _recorded(series)
    document = replay_document(events, TABLE)
    assert document["verdict"]["ok"] and document["verdict"]["problems"] == []
    assert document["seats"][0]["player_name"] == "Ana"
    decisions = [
        e for e in events if e.type in ("RoundDealt", "CardsReturned", "CardsPlayed", "Passed")
    ]
    steps = document["steps"]
    assert [s["version"] for s in steps] == [e.version for e in decisions]
    for step in steps:  # 52 cards on the table: in the hands, or played this round
        table = step["table"]
        held = [card for hand in table["hands"] for card in hand]
        assert len(held) == len(set(held))
    deal = steps[0]
    assert sum(len(h) for h in deal["table"]["hands"]) == 52
    last = steps[-1]
    assert [t["type"] for t in last["then"]][-2:] == ["RoundEnded", "GameEnded"]
    assert last["table"]["scores"] == document["final_scores"]
    plays = [s for s in steps if s["type"] == "CardsPlayed"]
    for step in plays:  # the card left the player's hand and lies on the trick
        assert not set(step["cards"]) & set(step["table"]["hands"][step["seat"]])


async def test_the_round_in_play_is_never_stepped_through(series: SampleGame) -> None:
    events = await _recorded(series)
    second = next(e.version for e in events if e.type == "RoundDealt" and e.data["round"] == 2)
    running = events[: second + 8]
    document = replay_document(running, TABLE)
    assert {s["round"] for s in document["steps"]} == {1}
    assert all(s["version"] < second for s in document["steps"])
    shown = json.dumps(document)  # round 2's hands appear nowhere
    hands = running[second - 1].data["hands"]
    assert not any(json.dumps(list(hand)) in shown for hand in hands)


async def test_a_tampered_log_is_a_failed_verdict(series: SampleGame) -> None:
    events = await _recorded(series)
    (changed,) = [t for t in TAMPERS if t.name == "changed card in a play"]
    rows, version = tampered(rows_of(events), changed, forged=False)
    forged = [
        dataclasses.replace(event, data=row["data"])
        for event, row in zip(events, rows, strict=True)
    ]
    document = replay_document(forged, TABLE)
    assert not document["verdict"]["ok"]
    assert any(p["version"] == version for p in document["verdict"]["problems"])
