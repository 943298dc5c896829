"""The tracking row: a consumer's effect and its position commit together, so an event
delivered twice (or concurrently) acts once, and a failed effect leaves no trace."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import asyncpg
import pytest
from asyncpg import Connection
from president.store import NewEvent
from president.store.postgres import PostgresEventStore


def _reaction(store: PostgresEventStore, stream: str) -> Callable[[Connection], Awaitable[int]]:
    async def react(connection: asyncpg.Connection) -> int:
        result = await store.append_in(
            connection, stream, [NewEvent("Reacted", {})], expected_version=None
        )
        return result.last_version

    return react


async def test_runs_an_effect_once_per_position(
    pg_store: PostgresEventStore, unique_prefix: str
) -> None:
    consumer, out = f"{unique_prefix}-c", f"{unique_prefix}-out"
    assert await pg_store.tracking.position(consumer) == 0
    react = _reaction(pg_store, out)
    assert await pg_store.tracking.process(consumer, 5, react) == (True, 1)
    assert await pg_store.tracking.process(consumer, 5, react) == (False, None)
    assert await pg_store.tracking.process(consumer, 3, react) == (False, None)
    assert await pg_store.tracking.process(consumer, 6, react) == (True, 2)
    assert await pg_store.tracking.position(consumer) == 6
    assert await pg_store.stream_version(out) == 2


async def test_a_failed_effect_moves_nothing(
    pg_store: PostgresEventStore, unique_prefix: str
) -> None:
    consumer, out = f"{unique_prefix}-c", f"{unique_prefix}-out"
    react = _reaction(pg_store, out)

    async def fail_after_writing(connection: asyncpg.Connection) -> None:
        await react(connection)
        raise RuntimeError("effect failed")

    with pytest.raises(RuntimeError):
        await pg_store.tracking.process(consumer, 1, fail_after_writing)
    assert await pg_store.tracking.position(consumer) == 0
    assert await pg_store.stream_version(out) == 0
    assert await pg_store.tracking.process(consumer, 1, react) == (True, 1)


async def test_concurrent_deliveries_act_once(
    pg_store: PostgresEventStore, unique_prefix: str
) -> None:
    consumer, out = f"{unique_prefix}-c", f"{unique_prefix}-out"
    react = _reaction(pg_store, out)
    outcomes = await asyncio.gather(
        *(pg_store.tracking.process(consumer, 9, react) for _ in range(5))
    )
    assert sorted(ran for ran, _ in outcomes) == [False] * 4 + [True]
    assert await pg_store.stream_version(out) == 1


async def test_consumers_are_tracked_apart(
    pg_store: PostgresEventStore, unique_prefix: str
) -> None:
    react = _reaction(pg_store, f"{unique_prefix}-out")
    await pg_store.tracking.process(f"{unique_prefix}-a", 4, react)
    assert await pg_store.tracking.position(f"{unique_prefix}-b") == 0
