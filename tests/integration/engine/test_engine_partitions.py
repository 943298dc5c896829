"""Tables owned through the bus, on real NATS (the partition mapping, accounts) and
Postgres: each table's commands reach the one engine owning its partition; an engine
that stops gives its partitions away and one that starts takes its share while games
run, and no command meets "no responders" or goes unanswered (the harness does not
resend)."""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import pytest
from president.contract.subjects import partition_of

from services.engine.main import EngineApp
from services.engine.partitions import owner
from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import Harness, shared_partitions
from tests.support.engine import write_table
from tests.support.waiting import eventually

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _record(app: EngineApp, instance: str, handled: list[tuple[str, str]]) -> None:
    """Note each game command ``app`` decides (each time it holds the game for one), as
    (instance, table id)."""
    log = app.engine._log
    hold = log.hold

    @functools.wraps(hold)
    def held(command: Any) -> Any:
        handled.append((instance, command.table_id))
        return hold(command)

    log.hold = held  # type: ignore[method-assign]


async def _moved_on(h: Harness, tables: list[str], events: int) -> None:
    """Wait until every game has ``events`` more events than now."""
    start = {t: await h.game_version(t) for t in tables}

    async def moved() -> bool:
        versions = {t: await h.game_version(t) for t in tables}
        return all(versions[t] >= start[t] + events for t in tables)

    await eventually(moved, within=30, what="the games moved on")


async def _tables(
    h: Harness, servers: TestServers, name: str, count: int, rounds: int = 1
) -> list[str]:
    tables = [f"{name}-{n}" for n in range(count)]
    user = "harness" if servers.nats_users else None
    for table_id in tables:
        await write_table(h.store, table_id, rounds=rounds, taken_by=user)
    return tables


async def test_each_table_is_decided_by_the_owner_of_its_partition(
    fresh: Harness, servers: TestServers
) -> None:
    instances = ("engine-a", "engine-b")
    apps = list(await asyncio.gather(*(fresh.start_engine(i) for i in instances)))
    await shared_partitions(apps)
    handled: list[tuple[str, str]] = []
    for app, instance in zip(apps, instances, strict=True):
        _record(app, instance, handled)
    tables = await _tables(fresh, servers, "part", 8)
    for table_id in tables:
        await fresh.wait_for_game(table_id)

    played = await asyncio.gather(*(fresh.play(t, max_actions=8) for t in tables))

    assert all(count == 8 for count in played), played
    by_table: dict[str, set[str]] = {}
    for instance, table_id in handled:
        by_table.setdefault(table_id, set()).add(instance)
    for table_id in tables:
        assert by_table[table_id] == {owner(partition_of(table_id), instances)}, by_table
    assert {i for found in by_table.values() for i in found} == set(instances)


async def test_engines_stopping_and_starting_while_games_run_refuse_no_command(
    fresh: Harness, servers: TestServers
) -> None:
    apps = list(await asyncio.gather(*(fresh.start_engine(i) for i in ("engine-c", "engine-d"))))
    await shared_partitions(apps)
    tables = await _tables(fresh, servers, "moving", 6, rounds=3)
    for table_id in tables:
        await fresh.wait_for_game(table_id)
    games = asyncio.gather(*(fresh.play(t, within=180) for t in tables))

    await _moved_on(fresh, tables, 3)
    third = await fresh.start_engine("engine-e")  # takes its share of the tables in play
    await shared_partitions([*apps, third])
    await _moved_on(fresh, tables, 3)
    await fresh.stop_engine(apps[1])  # gives its partitions away
    await shared_partitions([apps[0], third])

    await games  # a command refused or unanswered would raise here
    for table_id in tables:
        assert await fresh.last_event_type(table_id) == "GameEnded"
        events = await fresh.store.read_stream(f"game-{table_id}")
        assert [e.version for e in events] == list(range(1, len(events) + 1))
