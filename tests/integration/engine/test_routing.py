"""Tables routed to engine instances, on real NATS (accounts, permissions) and Postgres:
a command that reaches the instance not owning its table is passed on, with its attested
sender, and answered by the owner; an instance that stops hands its tables back."""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import pytest
from president.bus.requests import PASS_ON_TIMEOUT
from prometheus_client import REGISTRY

from services.engine.main import EngineApp
from services.engine.mechanisms.routing import owner
from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import Harness
from tests.support.engine import write_table

pytestmark = pytest.mark.asyncio(loop_scope="session")


def _passed_on() -> dict[tuple[str, str], float]:
    """``president_engine_passed_on_total`` by (kind, outcome), as this process counts."""
    return {
        (kind, outcome): REGISTRY.get_sample_value(
            "president_engine_passed_on_total", {"kind": kind, "outcome": outcome}
        )
        or 0.0
        for kind in ("command", "reaction")
        for outcome in ("owner", "here")
    }


def _record(app: EngineApp, instance: str, handled: list[tuple[str, str]]) -> None:
    """Note each game command ``app`` decides, as (instance, table id)."""
    engine = app.engine
    decide = engine.handle

    @functools.wraps(decide)
    async def handle(command: Any, requester: Any = None) -> Any:
        handled.append((instance, command.table_id))
        return await decide(command, requester)

    engine.handle = handle  # type: ignore[method-assign]


async def _hear_each_other(apps: list[EngineApp], count: int) -> None:
    async with asyncio.timeout(10):
        while not all(app.peers is not None and len(app.peers.live()) == count for app in apps):  # noqa: ASYNC110 (waits for heartbeats)
            await asyncio.sleep(0.05)


async def _games_of_the_second(
    h: Harness, servers: TestServers, instances: tuple[str, str], count: int
) -> tuple[list[EngineApp], list[str]]:
    """Two engines that hear each other, and ``count`` games in play that the second owns."""
    apps = await asyncio.gather(*(h.start_engine(i) for i in instances))
    await _hear_each_other(list(apps), 2)
    owned = (
        t for t in (f"{instances[1]}-{n}" for n in range(40)) if owner(t, instances) == instances[1]
    )
    tables = list(owned)[:count]
    for table_id in tables:
        await write_table(
            h.store, table_id, rounds=1, taken_by="harness" if servers.nats_users else None
        )
        await h.wait_for_game(table_id)
    return list(apps), tables


async def test_each_table_is_decided_by_its_owner_whichever_instance_the_command_reached(
    fresh: Harness, servers: TestServers
) -> None:
    tables = [f"route-{n}" for n in range(6)]
    user = "harness" if servers.nats_users else None
    for table_id in tables:
        await write_table(fresh.store, table_id, rounds=1, taken_by=user)
    apps = await asyncio.gather(fresh.start_engine("engine-a"), fresh.start_engine("engine-b"))
    await _hear_each_other(list(apps), 2)
    handled: list[tuple[str, str]] = []
    for app, instance in zip(apps, ("engine-a", "engine-b"), strict=True):
        _record(app, instance, handled)
    for table_id in tables:
        await fresh.wait_for_game(table_id)

    before = _passed_on()
    played = await asyncio.gather(*(fresh.play(t, max_actions=12) for t in tables))

    assert all(count == 12 for count in played), played
    after = _passed_on()
    # commands and reactions that reached the other instance were done by the owner
    for kind in ("command", "reaction"):
        assert after[kind, "owner"] > before[kind, "owner"], (before, after)
        assert after[kind, "here"] == before[kind, "here"], (before, after)
    by_table: dict[str, set[str]] = {}
    for instance, table_id in handled:
        by_table.setdefault(table_id, set()).add(instance)
    for table_id in tables:  # every command met the owner, whichever instance NATS chose
        assert by_table[table_id] == {owner(table_id, ["engine-a", "engine-b"])}, by_table
    assert {i for found in by_table.values() for i in found} == {"engine-a", "engine-b"}


async def test_an_instance_that_stops_hands_its_tables_to_the_others_at_once(
    fresh: Harness, servers: TestServers
) -> None:
    apps, tables = await _games_of_the_second(fresh, servers, ("engine-c", "engine-d"), 3)
    await fresh.stop_engine(apps[1])
    assert apps[0].peers is not None and apps[0].peers.live() == ["engine-c"]
    handled: list[tuple[str, str]] = []
    _record(apps[0], "engine-c", handled)

    played = await asyncio.gather(*(fresh.play(t, max_actions=6) for t in tables))

    assert all(count == 6 for count in played), played
    assert {t for _, t in handled} == set(tables)


async def test_commands_for_an_instance_that_takes_none_are_answered_by_another_at_once(
    fresh: Harness, servers: TestServers
) -> None:
    apps, tables = await _games_of_the_second(fresh, servers, ("engine-e", "engine-f"), 2)
    # engine-f still beats but takes no command (as a process stuck past its subscriptions)
    stuck = apps[1]._commands
    assert stuck is not None
    await stuck.stop(1.0)
    handled: list[tuple[str, str]] = []
    _record(apps[0], "engine-e", handled)

    started = asyncio.get_running_loop().time()
    before = _passed_on()
    played = await asyncio.gather(*(fresh.play(t, max_actions=4) for t in tables))

    assert all(count == 4 for count in played), played
    assert _passed_on()["command", "here"] > before["command", "here"]
    assert {t for _, t in handled} == set(tables)
    assert apps[0].peers is not None and "engine-f" in apps[0].peers.live()
    # "no responders", at once: not even one pass-on's time-out
    assert asyncio.get_running_loop().time() - started < PASS_ON_TIMEOUT
