"""The audit of a game in play (issue 22): no hidden hand of the round in play anywhere, the
bundle included; past rounds stay whole; a stalled game says so instead of OK."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from datetime import timedelta

import pytest
from president.audit import (
    StallLimits,
    audit_bundle,
    audit_events,
    audit_table,
    render_html,
    render_text,
    write_bundle,
)
from president.audit.bundle import round_in_play_from
from president.clock import FakeClock
from president.l10n import localizer
from president.rules import Options
from president.store import RecordedEvent
from president.store.memory import InMemoryEventStore
from president_tools.sample import SampleGame, play_sample_game, write_game

TABLE = "tbl-in-play"
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[CDHS](?![A-Za-z0-9])")


@pytest.fixture(scope="module")
def series() -> SampleGame:
    return play_sample_game(TABLE, Options(players=4, rounds=2), seed=11)


def _cut(
    events: list[RecordedEvent], kind: str, round_number: int, after: int
) -> list[RecordedEvent]:
    """The record as it stood ``after`` events past round ``round_number``'s ``kind``."""
    at = next(e.version for e in events if e.type == kind and e.data["round"] == round_number)
    return events[: at + after]


def _hidden(events: list[RecordedEvent]) -> set[str]:
    """Cards of the round in play not played yet, and every card exchanged in it."""
    start = max(e.version for e in events if e.type == "RoundDealt")
    dealt = events[start - 1]
    later = events[start:]
    played = {card for e in later if e.type == "CardsPlayed" for card in e.data["cards"]}
    exchanged = {
        card for e in later if e.type in ("CardsGiven", "CardsReturned") for card in e.data["cards"]
    }
    return ({card for hand in dealt.data["hands"] for card in hand} - played) | exchanged


def _bundle(events: list[RecordedEvent]) -> bytes:
    out = io.BytesIO()
    write_bundle(f"game-{TABLE}", TABLE, events, out)
    return out.getvalue()


def _renderings(events: list[RecordedEvent]) -> dict[str, str]:
    report = audit_events(events)
    return {
        "text": render_text(report),
        "json": json.dumps(report.to_dict()),
        "html": render_html(report),
        "bundle": _bundle(events).decode(),
    }


async def _recorded(series: SampleGame) -> list[RecordedEvent]:
    store = InMemoryEventStore()
    await write_game(store, series)
    events: list[RecordedEvent] = await store.read_stream(series.stream_id)
    return events


async def test_a_game_in_its_first_round_shows_no_hand_anywhere(series: SampleGame) -> None:
    running = _cut(await _recorded(series), "RoundDealt", 1, 6)
    hidden = _hidden(running)
    assert len(hidden) > 40
    for name, shown in _renderings(running).items():
        assert not hidden & set(CARD.findall(shown)), name
    seed = next(e.data["seed"] for e in running if e.type == "DealCommitted")
    assert seed not in _bundle(running).decode()


async def test_the_bundle_of_a_game_in_play_stops_before_the_round_in_play(
    series: SampleGame,
) -> None:
    events = await _recorded(series)
    running = _cut(events, "RoundDealt", 2, 4)
    commitment = next(e for e in running if e.type == "DealCommitted" and e.data["round"] == 2)
    assert round_in_play_from(running) == commitment.version
    lines = [json.loads(line) for line in _bundle(running).splitlines()]
    assert lines[0]["in_play_from"] == commitment.version
    assert lines[0]["events"] == commitment.version - 1 == len(lines) - 2
    assert lines[-2]["version"] == commitment.version - 1
    report = audit_bundle(_bundle(running))
    assert report.ok, report.problems
    (first,) = report.account.rounds
    assert first.ended and first.deal is not None and first.deal.deal_ok


async def test_after_the_round_ends_its_hands_are_shown_and_verified(series: SampleGame) -> None:
    events = await _recorded(series)
    running = _cut(events, "RoundDealt", 2, 4)
    round_one = next(e for e in running if e.type == "RoundDealt" and e.data["round"] == 1)
    text = render_text(audit_events(running))
    for seat, hand in enumerate(round_one.data["hands"]):
        shown = [localizer("en").card(card) for card in hand]  # J♦ for JD
        assert f"dealt seat {seat}: " in text and all(card in text for card in shown)
    bundle = _bundle(running).decode()
    assert all(card in bundle for hand in round_one.data["hands"] for card in hand)
    assert round_in_play_from(events) is None  # a finished game is exported whole
    assert json.loads(_bundle(events).splitlines()[0])["events"] == len(events)


async def test_a_stalled_game_in_play_says_stalled_instead_of_ok(series: SampleGame) -> None:
    clock = FakeClock()
    store = InMemoryEventStore(clock=clock.now)
    frozen = dataclasses.replace(series, appends=series.appends[:5])
    await write_game(store, frozen)
    limits = StallLimits(grace=30, after=600, now=clock.now() + timedelta(seconds=601))
    report = await audit_table(store, TABLE, stalls=limits)
    assert report.ok and report.stall is not None and report.stall.since == clock.now()
    text = render_text(report)
    assert "Verdict: stalled since 2026-01-01 00:00:00 UTC: waiting for seat" in text
    assert "Verdict: OK" not in text and "(round in progress, stalled since" in text
    assert report.to_dict()["stalled"]["since"] == clock.now().isoformat()
    assert "Verdict: stalled since" in render_html(report)

    healthy = StallLimits(grace=30, after=600, now=clock.now() + timedelta(seconds=599))
    report = await audit_table(store, TABLE, stalls=healthy)
    assert report.stall is None and report.to_dict()["stalled"] is None
    assert "Verdict: OK" in render_text(report)
