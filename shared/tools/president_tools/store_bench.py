"""Measurements of the Postgres event store against the bare-INSERT limit (`president bench
store`). Runs on an empty, migrated database that the caller provides."""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import asyncpg
from president.store.chain import canonical_json
from president.store.model import NewEvent, RecordedEvent
from president.store.postgres import PostgresEventStore

_RAW_TABLE = """
CREATE TABLE IF NOT EXISTS bench_raw (
    stream_id text, version integer, event_id uuid, type text, data jsonb, metadata jsonb)"""
_RAW_INSERT = """
INSERT INTO bench_raw (stream_id, version, event_id, type, data, metadata)
VALUES ($1, $2, $3, $4, $5, $6)"""
_STREAMS = 100


@dataclass(frozen=True)
class Rate:
    """Operations per second and latency percentiles of one timed loop."""

    per_s: float
    p50_ms: float
    p99_ms: float


def _events(count: int, start: int = 0) -> list[NewEvent]:
    """Events shaped like a game's (built before the clock starts)."""
    return [
        NewEvent(
            "CardsPlayed",
            {"seat": i % 4, "cards": ["7H", "7S"], "trick": i % 13, "table": "t-bench"},
            {"command_id": f"c-{i}", "correlation_id": "g-bench", "actor": f"p{i % 4}"},
        )
        for i in range(start, start + count)
    ]


Operation = Callable[[int], Awaitable[Any]]


def _rate(latencies: list[float]) -> Rate:
    cuts = statistics.quantiles(latencies, n=100)
    return Rate(len(latencies) / sum(latencies), cuts[49] * 1000, cuts[98] * 1000)


async def _interleaved(
    count: int, first: Operation, second: Operation, chunk: int = 250
) -> tuple[Rate, Rate]:
    """Run `count` calls of each, in alternating chunks, so that both see the same
    machine (the box is shared; its load changes by the second)."""
    timings: tuple[list[float], list[float]] = ([], [])
    clock = time.perf_counter
    for start in range(0, count, chunk):
        order = ((0, first), (1, second)) if start // chunk % 2 == 0 else ((1, second), (0, first))
        for side, operation in order:
            for i in range(start, min(start + chunk, count)):
                begun = clock()
                await operation(i)
                timings[side].append(clock() - begun)
    return _rate(timings[0]), _rate(timings[1])


def single_appends(store: PostgresEventStore, count: int) -> Operation:
    """One event per append, round robin over streams, each with its expected version."""
    versions = dict.fromkeys(range(_STREAMS), 0)
    events = _events(count)
    run = uuid.uuid4().hex[:8]

    async def append(i: int) -> None:
        stream = i % _STREAMS
        await store.append(
            f"single-{run}-{stream}", events[i : i + 1], expected_version=versions[stream]
        )
        versions[stream] += 1

    return append


async def raw_inserts(connection: asyncpg.Connection, count: int) -> Operation:
    """The limit: one prepared INSERT per row into a table with no constraints at all."""
    await connection.execute(_RAW_TABLE)
    insert = await connection.prepare(_RAW_INSERT)
    events = _events(count)
    data = [canonical_json(e.data).decode() for e in events]
    metadata = [canonical_json(e.metadata).decode() for e in events]

    async def one(i: int) -> None:
        e = events[i]
        await insert.fetch(f"raw-{i % _STREAMS}", i, e.event_id, e.type, data[i], metadata[i])

    return one


async def batch_appends(store: PostgresEventStore, batches: int, size: int = 100) -> float:
    """Events per second appended in batches of `size` to new streams."""
    run = uuid.uuid4().hex[:8]
    events = _events(batches * size)
    started = time.perf_counter()
    for b in range(batches):
        batch = events[b * size : (b + 1) * size]
        await store.append(f"batch-{run}-{b}", batch, expected_version=0)
    return batches * size / (time.perf_counter() - started)


async def read_all_loop(store: PostgresEventStore, page: int = 10_000) -> tuple[int, float]:
    """The whole log into RecordedEvents by `read_all` calls: (events, events per second)."""
    count, after = 0, 0
    started = time.perf_counter()
    while events := await store.read_all(after_position=after, limit=page):
        count += len(events)
        after = events[-1].position
    return count, count / (time.perf_counter() - started)


async def replay(store: PostgresEventStore) -> tuple[int, float]:
    """The whole log into RecordedEvents by `replay`, then checked (off the clock): the
    count is the table's, positions grow, and the first and last pages equal what
    `read_all` reads for the same positions, field by field."""
    count, first, last, ordered = 0, None, None, True
    started = time.perf_counter()
    async for events in store.replay():
        count += len(events)
        if first is None:
            first = events
        elif last is not None:
            ordered = ordered and last[-1].position < events[0].position
        last = events
    elapsed = time.perf_counter() - started
    await _check_replay(store, count, first, last, ordered)
    return count, count / elapsed


async def _check_replay(
    store: PostgresEventStore,
    count: int,
    first: list[RecordedEvent] | None,
    last: list[RecordedEvent] | None,
    ordered: bool,
) -> None:
    expected = await store.pool.fetchval("SELECT count(*) FROM events")
    if count != expected or not ordered or first is None or last is None:
        raise AssertionError(f"replay gave {count} events (ordered: {ordered}), log has {expected}")
    for page in (first, last):
        read = await store.read_all(page[0].position - 1, len(page))
        if page != read:
            raise AssertionError("a replayed page differs from read_all's")


async def run(
    database_url: str,
    appends: int = 5000,
    batches: int = 1000,
    *,
    synchronous_commit: bool = True,
) -> dict[str, Any]:
    """Every measurement, in one run on `database_url` (an empty migrated database).

    `synchronous_commit=False` sets it off for the store's and the bare INSERT's sessions
    alike (commits stop waiting for the WAL flush; the comparison stays fair).
    """
    settings = {} if synchronous_commit else {"synchronous_commit": "off"}
    raw_connection = await asyncpg.connect(database_url, server_settings=settings)
    async with await PostgresEventStore.connect(
        database_url, max_size=2, server_settings=settings
    ) as store:
        try:
            warm = min(500, appends)  # caches, plans, pages
            await _interleaved(
                warm, single_appends(store, warm), await raw_inserts(raw_connection, warm)
            )
            single, raw = await _interleaved(
                appends, single_appends(store, appends), await raw_inserts(raw_connection, appends)
            )
        finally:
            await raw_connection.close()
        batch = await batch_appends(store, batches)
        await store.pool.execute("ANALYZE events")  # the statistics autovacuum would keep
        await replay(store)  # warm-up: the log into the page cache
        replays = [await replay(store) for _ in range(3)]  # best of 3: the box is shared
        replayed, replay_rate = max(replays, key=lambda r: r[1])
        read_all_rate = max([(await read_all_loop(store))[1] for _ in range(3)])
    return {
        "synchronous_commit": synchronous_commit,
        "appends": appends,
        "append_per_s": round(single.per_s, 1),
        "append_p50_ms": round(single.p50_ms, 3),
        "append_p99_ms": round(single.p99_ms, 3),
        "raw_insert_per_s": round(raw.per_s, 1),
        "raw_insert_p50_ms": round(raw.p50_ms, 3),
        "raw_insert_p99_ms": round(raw.p99_ms, 3),
        "append_vs_raw": round(single.per_s / raw.per_s, 3),
        "batch_events_per_s": round(batch, 1),
        "replay_events": replayed,
        "replay_events_per_s": round(replay_rate, 1),
        "read_all_events_per_s": round(read_all_rate, 1),
    }
