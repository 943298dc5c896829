"""Stalled tables on the real servers (issue 22): a game whose due seat never moves, written
through the store, is reported by the engine's gauges and by `president audit`; a game
within its clock and a finished one are not."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
import pytest_asyncio
from president.game import Game
from president.game.events import TurnDeadlineSet
from president.rules import Options
from president.store import NewEvent
from president_tools.cli import app
from president_tools.sample import SampleGame, play_sample_game, write_game
from prometheus_client import REGISTRY
from typer.testing import CliRunner

from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import Harness, harness
from tests.support.waiting import eventually

pytestmark = pytest.mark.asyncio(loop_scope="session")

STALL_AFTER = 1.0


@pytest_asyncio.fixture(loop_scope="session", scope="module")
async def engine(migrated_url: str, servers: TestServers) -> AsyncIterator[Harness]:
    """One engine whose stall watch looks five times a second, with a 1 s limit."""
    async with harness(migrated_url, servers) as h:
        await h.start_engine(engine_clock_sweep=0.2, stall_after=STALL_AFTER, stall_grace=1.0)
        yield h


def _sample(name: str) -> SampleGame:
    return play_sample_game(f"{name}-{uuid.uuid4().hex[:6]}", Options(players=4), seed=5)


async def _in_play(h: Harness, name: str) -> tuple[SampleGame, int]:
    """A game written up to a move in its first round; its due seat."""
    game = _sample(name)
    frozen = dataclasses.replace(game, appends=game.appends[:5])
    await write_game(h.store, frozen)
    fold = Game(game.table_id)
    fold.apply(await h.store.read_stream(game.stream_id))
    (seat,) = fold.turns
    return frozen, seat


async def _clocked(h: Harness) -> str:
    """A game in play whose due seat has an hour left on its clock."""
    game, seat = await _in_play(h, "clocked")
    deadline = datetime.now(UTC) + timedelta(hours=1)
    event = TurnDeadlineSet(seat=seat, deadline=deadline, seconds=3600)
    await h.store.append(
        game.stream_id,
        [NewEvent("TurnDeadlineSet", event.model_dump(mode="json"))],
        expected_version=sum(len(append) for append in game.appends),
    )
    table_id: str = game.table_id
    return table_id


def _audit(table_id: str) -> tuple[int, str, dict[str, object]]:
    runner = CliRunner()
    text = runner.invoke(app, ["audit", table_id])
    as_json = runner.invoke(app, ["audit", table_id, "--json"])
    return text.exit_code, text.stdout, json.loads(as_json.stdout)


async def test_a_frozen_table_is_reported_stalled_and_the_healthy_ones_are_not(
    engine: Harness, migrated_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    frozen, seat = await _in_play(engine, "frozen")
    clocked = await _clocked(engine)
    finished = _sample("finished")
    await write_game(engine.store, finished)

    def stalled() -> float | None:
        return REGISTRY.get_sample_value("president_stalled_tables")

    await eventually(lambda: stalled() == 1, 15, "one table stalled")
    await asyncio.sleep(0.5)  # more looks: the clocked and finished games stay out
    assert stalled() == 1
    oldest = REGISTRY.get_sample_value("president_stalled_oldest_seconds")
    assert oldest is not None and oldest > STALL_AFTER

    monkeypatch.setenv("PRESIDENT_DATABASE_URL", migrated_url)
    monkeypatch.setenv("PRESIDENT_STALL_AFTER", str(STALL_AFTER))
    code, text, report = await asyncio.to_thread(_audit, frozen.table_id)
    assert code == 1, text
    assert "Verdict: stalled since" in text and f"waiting for seat {seat}" in text
    assert "Verdict: OK" not in text
    assert report["ok"] is True and report["stalled"] is not None
    for healthy in (clocked, finished.table_id):
        code, text, report = await asyncio.to_thread(_audit, healthy)
        assert code == 0 and "Verdict: OK" in text, text
        assert report["stalled"] is None
