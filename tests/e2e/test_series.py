"""Full series through the three services as processes, and the crashes they survive."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from nats.aio.msg import Msg
from president.client import PresidentClient
from president.contract import stream_id_of_game
from president.store.postgres import PostgresEventStore
from president_tools.demo import DemoOptions, DemoResult, run_demo
from president_tools.stack import ServiceStack

from tests.support.waiting import eventually

FAST = ("easy", "medium")


def _assert_sound(result: DemoResult, rounds: int) -> None:
    """Replayed from the log, the same results; each event once on the public subject."""
    assert result.replay_ok, result.to_json()["problems"]
    assert result.audit_ok, f"the auditor rejects {result.table_id}"
    assert len(result.rounds) == rounds
    assert result.public_events == result.verification.events
    assert not result.duplicate_versions


async def _game_with_a_crash(
    client: PresidentClient,
    store: PostgresEventStore,
    crash: Any,
    options: DemoOptions,
    after_lines: int = 12,
    also: Callable[[], bool] = lambda: True,
) -> DemoResult:
    """Play ``options``; once ``after_lines`` lines are narrated and ``also()`` holds,
    call ``crash()`` (blocking, in a thread)."""
    lines: list[str] = []
    reached = asyncio.Event()

    def on_line(line: str) -> None:
        lines.append(line)
        if len(lines) >= after_lines:
            reached.set()

    game = asyncio.create_task(run_demo(client, store, options, on_line))
    await asyncio.wait_for(reached.wait(), 60)
    await eventually(also, 30, "the crash's condition")
    assert not game.done(), "the game ended before the crash"
    # In a thread: the demo's client runs on this loop, and its requests in flight would
    # time out on the loop's clock while a restart blocked it.
    await asyncio.to_thread(crash)
    return await asyncio.wait_for(game, 150)


@pytest.mark.timeout(180)
async def test_full_series_at_three_to_six_players(
    client: PresidentClient, store: PostgresEventStore
) -> None:
    games = [
        run_demo(client, store, DemoOptions(players=players, rounds=2, levels=FAST))
        for players in (3, 4, 5, 6)
    ]
    results = await asyncio.wait_for(asyncio.gather(*games), 150)
    for players, result in zip((3, 4, 5, 6), results, strict=True):
        _assert_sound(result, rounds=2)
        assert sorted(result.rounds[0]["finish_order"]) == list(range(players))
        assert sum(result.scores) == 2 * players * (players + 1) // 2


@pytest.mark.timeout(180)
async def test_an_ai_worker_killed_mid_game_hands_its_decisions_to_the_other(
    stack: ServiceStack, client: PresidentClient, store: PostgresEventStore
) -> None:
    reports: list[dict[str, Any]] = []

    async def on_stats(msg: Msg) -> None:
        reports.append(json.loads(msg.data))

    def deciders() -> set[str]:
        return {r["instance_id"] for r in reports if r["accepted"]}

    subscription = await client.nats.subscribe(client.subjects.ai_worker_stats("*"), cb=on_stats)
    try:
        result = await _game_with_a_crash(
            client,
            store,
            lambda: stack.kill("ai-worker-1"),
            # Rounds to spare: both workers must have reported a decision (every second)
            # before the crash, and an all-AI round takes about a second on a fast machine.
            DemoOptions(players=4, rounds=4, levels=FAST),
            after_lines=6,
            also=lambda: deciders() == {"ai-worker-1", "ai-worker-2"},
        )
    finally:
        await subscription.unsubscribe()
        stack.restart("ai-worker-1")
    _assert_sound(result, rounds=4)
    assert deciders() == {"ai-worker-1", "ai-worker-2"}


@pytest.mark.timeout(180)
async def test_the_engine_killed_mid_game_resumes_from_the_log_with_nothing_lost_or_doubled(
    stack: ServiceStack, client: PresidentClient, store: PostgresEventStore
) -> None:
    def crash_and_restart() -> None:
        stack.kill("engine-1")
        stack.restart("engine-1")

    # A move the dead engine committed and never reacted to is reacted to by the restarted
    # engine's sweep (its first pass): the game may pause that long before it resumes.
    options = DemoOptions(players=5, rounds=2, levels=FAST, idle_timeout=45)
    result = await _game_with_a_crash(client, store, crash_and_restart, options)
    _assert_sound(result, rounds=2)
    events = await store.read_stream(stream_id_of_game(result.table_id))
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    assert len({e.event_id for e in events}) == len(events)
