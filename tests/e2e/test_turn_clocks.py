"""A deadline pending when the engine process is killed (SIGKILL) is timed out exactly once
by the engine restarted after it. Processes, because a kill -9 is the point."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import pytest
from president.client import PresidentClient
from president.contract import stream_id_of_game
from president.store.postgres import PostgresEventStore
from president_tools.demo import DemoOptions, run_demo
from president_tools.demo.terminal import play_game
from president_tools.stack import ServiceStack

from tests.e2e.test_series import _assert_sound
from tests.support.waiting import eventually

TURN_SECONDS = 2.0


@pytest.mark.timeout(180)
async def test_the_engine_killed_with_a_deadline_pending_times_it_out_once_after_restart(
    stack: ServiceStack, client: PresidentClient, store: PostgresEventStore
) -> None:
    started = datetime.now(UTC)
    moments: dict[str, datetime] = {}

    def kill_wait_past_the_deadline_restart() -> None:
        stack.kill("engine-1")  # seat 0 (absent) leads round 1: its first deadline is pending
        moments["killed"] = datetime.now(UTC)
        time.sleep(TURN_SECONDS + 0.5)  # the time passes with no engine at all
        moments["restarting"] = datetime.now(UTC)
        stack.restart("engine-1")

    options = DemoOptions(
        players=4, rounds=1, levels=("easy",), turn_seconds=TURN_SECONDS, absent=0
    )

    async def deadline_pending() -> bool:
        """Seat 0's first deadline is in the log: the kill comes while it runs (a crash after
        a count of narrated lines came, under load, once the deadline had passed)."""
        deadlines = await store.read_all(limit=10_000, types=["TurnDeadlineSet"])
        return any(e.data["seat"] == 0 and e.recorded_at >= started for e in deadlines)

    game = asyncio.create_task(run_demo(client, store, options, lambda line: None))
    await eventually(deadline_pending, within=60, what="seat 0's first deadline")
    assert not game.done()
    # In a thread: the demo's client runs on this loop, and a request of its in flight
    # would time out on the loop's clock while the kill, the wait and the restart block it.
    await asyncio.to_thread(kill_wait_past_the_deadline_restart)
    result = await asyncio.wait_for(game, 150)
    _assert_sound(result, rounds=1)
    events = await store.read_stream(stream_id_of_game(result.table_id))
    first = next(e for e in events if e.type == "TurnDeadlineSet" and e.data["seat"] == 0)
    deadline = datetime.fromisoformat(first.data["deadline"])
    assert started < moments["killed"] < deadline < moments["restarting"]
    timed_out = [e for e in events if e.type == "TurnTimedOut"]
    assert [e.data["turn_version"] for e in timed_out].count(first.version) == 1
    assert timed_out[0].data["turn_version"] == first.version
    # recorded by the restarted engine (none was running at the deadline)
    assert timed_out[0].recorded_at >= moments["restarting"]
    assert result.to_json()["timeouts"] == len(timed_out) == 2  # then away (away_after 2)


@pytest.mark.timeout(120)
async def test_play_counts_down_and_the_takeover_plays_a_turn_the_person_let_run_out(
    client: PresidentClient,
) -> None:
    lines: list[str] = []
    asked = 0

    async def read_line() -> str | None:
        nonlocal asked
        asked += 1
        if asked == 1:
            await asyncio.Event().wait()  # the person says nothing: the clock runs out
        return "1"

    outcome = await asyncio.wait_for(
        play_game(client, read_line, lines.append, players=3, levels=("easy",), turn_seconds=0.5),
        100,
    )
    assert outcome.finished
    assert any(line.startswith("  [clock] ") and "s left (until" in line for line in lines)
    assert "  (timed out: the takeover level played for you)" in lines
    assert outcome.actions >= 1  # the later turns were the person's own
