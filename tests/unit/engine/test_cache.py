"""The engine's game cache: bounded by count and by estimated size; finished games leave."""

from __future__ import annotations

import itertools

from president.command_path import sent
from president.contract import GetView, ViewReply, stream_id_of_game
from president.contract.subjects import partition_of
from president.store import NewEvent
from president.store.memory import InMemoryEventStore

from services.engine.cache import MEGABYTE, GameCache, GameLog
from services.engine.use_cases import GameService
from tests.support.engine import human_token, write_table
from tests.unit.engine.test_engine import _play_out


def _engine(store: InMemoryEventStore, cache: GameCache) -> GameService:
    counter = itertools.count()
    return GameService(
        store,
        secret="s",
        new_seed=lambda: f"{next(counter):064x}",
        cache=cache,
    )


async def test_a_finished_game_leaves_the_cache_and_is_still_answered_for() -> None:
    store = InMemoryEventStore()
    cache = GameCache(store)
    engine = _engine(store, cache)
    await write_table(store, "t1", rounds=2)
    await engine.start_game("t1")

    await _play_out(engine, "t1")

    assert "t1" not in cache and cache.estimated_bytes == 0
    reply = await engine.view(
        GetView(command_id="v", table_id="t1", seat=0, seat_token=human_token("t1", 0))
    )
    assert isinstance(reply, ViewReply) and reply.view.phase == "game_over"
    assert "t1" not in cache


async def test_the_engine_uses_the_cache_it_is_given_even_while_it_is_empty() -> None:
    store = InMemoryEventStore()
    cache = GameCache(store, size=3)  # empty, hence falsy: it must not be swapped for a default

    assert len(cache) == 0 and _engine(store, cache).games is cache


async def test_a_finished_game_is_answered_from_its_kept_fold_without_folding_it_again() -> None:
    store = InMemoryEventStore()
    cache = GameCache(store, finished=1)
    engine = _engine(store, cache)
    await write_table(store, "t1", rounds=2)
    await engine.start_game("t1")
    await _play_out(engine, "t1")

    first = await cache.load("t1")
    assert first.state is not None and first.state.is_terminal and "t1" not in cache
    assert await cache.load("t1") is first  # the kept fold, caught up (nothing new)
    await write_table(store, "t2", rounds=2)
    await engine.start_game("t2")
    await _play_out(engine, "t2")  # the newer finished game takes the one place
    assert await cache.load("t1") is not first


async def test_the_cache_never_holds_more_than_its_budget_and_reloads_what_it_dropped() -> None:
    store = InMemoryEventStore()
    # Four events a game at the start, 100 bytes each: room for 5 games of 400 bytes.
    cache = GameCache(store, size=1000, budget_mb=2000 / MEGABYTE, event_bytes=100)
    engine = _engine(store, cache)
    tables = [f"t{n}" for n in range(12)]
    for table_id in tables:
        await write_table(store, table_id)
        await engine.start_game(table_id)
        await cache.load(table_id)
        assert cache.estimated_bytes <= 2000

    assert len(cache) == 5 and cache.estimated_bytes == 2000
    assert [t in cache for t in tables] == [False] * 7 + [True] * 5  # least recent gone
    game = await cache.load("t0")  # dropped, folded again from the log
    assert game.version == 4 and "t0" in cache and "t7" not in cache


async def test_the_cache_keeps_to_its_count_too() -> None:
    store = InMemoryEventStore()
    cache = GameCache(store, size=3)
    engine = _engine(store, cache)
    for n in range(5):
        await write_table(store, f"t{n}")
        await engine.start_game(f"t{n}")
        await cache.load(f"t{n}")

    assert len(cache) == 3 and "t1" not in cache and "t4" in cache


async def test_only_a_fold_caught_up_while_its_partition_was_owned_is_used_as_it_is() -> None:
    store = InMemoryEventStore()
    cache = GameCache(store)
    await write_table(store, "t1")
    await _engine(store, cache).start_game("t1")
    owned: set[str] = set()
    log = GameLog(store, cache, store, lambda *_: None, owned.__contains__)

    async def held_version() -> int:
        """The version of the game a command's hold loads."""
        async with log.hold(sent("t1", stream_id_of_game("t1"), "c", None)) as held:
            return (await held.load()).version

    async def written_elsewhere() -> int:
        """Another instance appends to the game (a fold kept here is behind it now)."""
        version = await store.stream_version(stream_id_of_game("t1"))
        event = NewEvent("SeatAway", {"seat": 0, "reason": "asked"})
        await store.append(stream_id_of_game("t1"), [event], expected_version=version)
        return version + 1

    await held_version()  # not owned: caught up, not trusted
    assert "t1" in cache and "t1" not in cache.trusted
    latest = await written_elsewhere()
    assert await held_version() == latest

    owned.add("t1")  # the partition came here: its fold is the log's once caught up
    await held_version()
    assert "t1" in cache.trusted
    await written_elsewhere()
    assert await held_version() == latest  # as it is

    cache.forget_partitions({partition_of("t1")})  # it changes hands: read the log again
    assert "t1" not in cache.trusted
    assert await held_version() == latest + 1
