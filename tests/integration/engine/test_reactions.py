"""Reactions without a hop, on real NATS and Postgres: the engine that commits a move
prompts the next seat itself, the shared consumer delivering the lobby events alone; an
engine that gains the partitions of one that died reacts to their tables at once."""

from __future__ import annotations

import asyncio
import time

import pytest
from president.contract.subjects import partition_of

from services.engine.main import EngineApp
from services.engine.partitions import owner
from tests.integration.engine.harness import (
    Harness,
    drop_reactions,
    prompt_after,
    shared_partitions,
)
from tests.support.engine import write_table

pytestmark = pytest.mark.asyncio(loop_scope="session")

GRACE = 120.0
"""The sweep's grace in these tests: longer than they run, so no reaction is its."""


async def _engines(h: Harness, *instances: str) -> list[EngineApp]:
    apps = [h.start_engine(i, engine_reaction_grace=GRACE) for i in instances]
    started = list(await asyncio.gather(*apps))
    await shared_partitions(started)
    return started


def _record_reactions(app: EngineApp, instance: str, reacted: list[tuple[str, str, int]]) -> None:
    """Note each in-process reaction of ``app`` as (instance, table id, last version)."""
    reactions = app._reactions
    assert reactions is not None
    react = reactions._react

    async def recorded(table_id: str, first: int, last: int) -> None:
        reacted.append((instance, table_id, last))
        await react(table_id, first, last)

    reactions._react = recorded


def _record_starts(app: EngineApp, started: list[str]) -> None:
    """Note each table whose start request the shared consumer hands to ``app``."""
    consumer = app.reactor_consumer
    assert consumer is not None
    handle = consumer._handler

    async def handled(table_id: str, event_id: str) -> None:
        started.append(table_id)
        await handle(table_id, event_id)

    consumer._handler = handled


async def test_the_engine_that_commits_a_move_prompts_the_next_seat(fresh: Harness) -> None:
    instances = ("engine-r1", "engine-r2")
    apps = await _engines(fresh, *instances)
    reacted: list[tuple[str, str, int]] = []
    started: list[str] = []
    for app, instance in zip(apps, instances, strict=True):
        _record_reactions(app, instance, reacted)
        _record_starts(app, started)
    tables = [f"react-{n}" for n in range(4)]
    for table_id in tables:
        await write_table(fresh.store, table_id, players=3, rounds=1)

    for table_id in tables:
        await fresh.wait_for_game(table_id)
        assert await fresh.play(table_id) > 0
        assert await fresh.last_event_type(table_id) == "GameEnded"

    consumer = apps[0].reactor_consumer
    assert consumer is not None
    info = await fresh.js.consumer_info(fresh.subjects.events_stream, consumer.durable)
    assert info.config.filter_subjects == [fresh.subjects.all_lobby]
    assert set(started) == set(tables)  # each start request, by whichever engine pulled it
    for table_id in tables:
        mine = owner(partition_of(table_id), instances)
        by_owner = [last for who, t, last in reacted if t == table_id and who == mine]
        others = [last for who, t, last in reacted if t == table_id and who != mine]
        # The owner reacted to every move, up to the end; the other engine at most to the
        # game's creation (the start request went to whichever engine pulled it).
        assert max(by_owner) == await fresh.game_version(table_id), (table_id, reacted)
        assert len(others) <= 1 and (not others or others[0] < min(by_owner)), reacted


async def test_an_engine_gaining_a_dead_owners_partitions_reacts_to_their_tables_at_once(
    fresh: Harness,
) -> None:
    """The owner committed a move and died before reacting to it (here: its reaction
    dropped, then its heartbeats stopped): the engine that gains its partitions prompts
    the next seat as it takes them, long before the sweep's grace."""
    instances = ("engine-g1", "engine-g2")
    dying, heir = await _engines(fresh, *instances)
    ids = (f"gain-{n}" for n in range(1000))
    table_id = next(t for t in ids if owner(partition_of(t), instances) == instances[0])
    sweep, partitions = heir._sweep, dying.partitions
    assert sweep is not None and partitions is not None
    swept: list[str] = []
    sweep_react = sweep._react

    async def recorded(reacted: str, since: int | None, version: int) -> None:
        swept.append(reacted)
        await sweep_react(reacted, since, version)

    sweep._react = recorded
    dropped = drop_reactions(dying, table_id)
    await write_table(fresh.store, table_id, players=3, rounds=1)
    await fresh.wait_for_game(table_id)
    async with fresh.prompts(table_id) as queue:
        first = await asyncio.wait_for(queue.get(), 20)
        dropped.armed.set()
        assert await fresh.answer(first)
        assert dropped.versions
        # The owner dies: no heartbeat any more (its subscriptions stay, as a frozen one's).
        assert partitions._beats is not None
        partitions._beats.cancel()
        died = time.monotonic()
        await prompt_after(queue, first.stream_version)
        recovered = time.monotonic() - died
    dropped.armed.clear()
    print(f"\nthe heir prompted {recovered:.2f} s after the owner's last heartbeat")
    assert table_id in swept
    assert heir.partitions is not None and partition_of(table_id) in heir.partitions.owned
    assert recovered < 10.0  # 2 s to count it gone, then at once (the grace is 120 s)
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"
