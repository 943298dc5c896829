"""Positions follow commit order: a reader that resumes after the last position it saw
never skips an event whose transaction commits late."""

from __future__ import annotations

import asyncio
import random

import asyncpg
import pytest
from president.store import NewEvent, RecordedEvent
from president.store.postgres import PostgresEventStore


def _one(kind: str) -> list[NewEvent]:
    return [NewEvent(kind, {})]


async def _log_after(store: PostgresEventStore, after: int) -> list[RecordedEvent]:
    return await store.read_all(after_position=after, limit=10_000)


async def _head_position(store: PostgresEventStore) -> int:
    return int(await store.pool.fetchval("SELECT coalesce(max(position), 0) FROM events"))


async def test_an_append_waits_for_an_uncommitted_earlier_one(
    pg_store: PostgresEventStore, migrated_url: str
) -> None:
    start = await _head_position(pg_store)
    first = await asyncpg.connect(migrated_url)
    try:
        transaction = first.transaction()
        await transaction.start()
        early = await pg_store.append_in(first, "early", _one("Early"), expected_version=None)
        late = asyncio.ensure_future(pg_store.append("late", _one("Late"), expected_version=None))
        await asyncio.sleep(0.3)
        assert not late.done()  # it cannot draw a position while `early` may still commit
        assert await _log_after(pg_store, start) == []
        await transaction.commit()
        late_result = await asyncio.wait_for(late, 5)
    finally:
        await first.close()
    assert early.positions[0] < late_result.positions[0]
    assert [e.type for e in await _log_after(pg_store, start)] == ["Early", "Late"]


async def test_the_lower_position_cannot_commit_last(
    pg_store: PostgresEventStore, migrated_url: str
) -> None:
    """Two real transactions: the one that drew the lower position holds its commit back.
    The other cannot even draw a position until then, so a reader that already moved on
    past the lower position does not exist."""
    start = await _head_position(pg_store)
    lower, higher = await asyncpg.connect(migrated_url), await asyncpg.connect(migrated_url)
    try:
        lower_tx, higher_tx = lower.transaction(), higher.transaction()
        await lower_tx.start()
        await higher_tx.start()
        low = await pg_store.append_in(lower, "low", _one("Low"), expected_version=None)
        high_task = asyncio.ensure_future(
            pg_store.append_in(higher, "high", _one("High"), expected_version=None)
        )
        await asyncio.sleep(0.3)
        assert not high_task.done()
        seen = await _log_after(pg_store, start)
        assert seen == []
        await lower_tx.commit()
        high = await asyncio.wait_for(high_task, 5)
        seen = await _log_after(pg_store, start)
        assert [e.type for e in seen] == ["Low"]  # `high` is not committed yet
        await higher_tx.commit()
    finally:
        await lower.close()
        await higher.close()
    assert low.positions[0] < high.positions[0]
    resumed = await _log_after(pg_store, seen[-1].position)
    assert [e.type for e in resumed] == ["High"]


async def test_a_rolled_back_append_leaves_only_a_gap(
    pg_store: PostgresEventStore, migrated_url: str
) -> None:
    connection = await asyncpg.connect(migrated_url)
    try:
        transaction = connection.transaction()
        await transaction.start()
        await pg_store.append_in(connection, "rolled", _one("Gone"), expected_version=0)
        await transaction.rollback()
    finally:
        await connection.close()
    kept = await pg_store.append("rolled", _one("Kept"), expected_version=None)
    again = await pg_store.append("rolled-2", _one("Kept"), expected_version=0)
    assert kept.first_version == 1 and again.first_version == 1
    assert (await pg_store.verify_chain("rolled")).ok


async def test_a_polling_reader_misses_nothing_under_concurrent_writers(
    pg_store: PostgresEventStore, migrated_url: str, unique_prefix: str
) -> None:
    start = await _head_position(pg_store)
    writers, appends = 6, 30
    done = asyncio.Event()
    seen: list[RecordedEvent] = []

    async def write(n: int) -> None:
        connection = await asyncpg.connect(migrated_url)
        try:
            for i in range(appends):
                async with connection.transaction():
                    stream = f"{unique_prefix}-{n}"
                    await pg_store.append_in(connection, stream, _one(f"E{i}"), expected_version=i)
                    await asyncio.sleep(random.random() / 500)  # commit late, sometimes
        finally:
            await connection.close()

    async def read() -> None:
        after = start
        while True:
            finished = done.is_set()
            batch = await _log_after(pg_store, after)
            seen.extend(batch)
            after = batch[-1].position if batch else after
            if finished and not batch:
                return
            await asyncio.sleep(0)

    reader = asyncio.ensure_future(read())
    await asyncio.gather(*(write(n) for n in range(writers)))
    done.set()
    await asyncio.wait_for(reader, 10)
    everything = await _log_after(pg_store, start)
    assert [e.event_id for e in seen] == [e.event_id for e in everything]
    assert len(seen) == writers * appends


@pytest.mark.parametrize("expected", [None, "read"])
async def test_two_stores_share_a_stream(
    migrated_url: str, unique_prefix: str, expected: str | None
) -> None:
    """Each store caches stream heads; a head another store moved is found, not forked."""
    async with (
        await PostgresEventStore.connect(migrated_url) as one,
        await PostgresEventStore.connect(migrated_url) as two,
    ):
        for i in range(6):
            store = (one, two)[i % 2]
            version = await store.stream_version(unique_prefix) if expected else None
            await store.append(unique_prefix, _one(f"E{i}"), expected_version=version)
        assert [e.version for e in await one.read_stream(unique_prefix)] == list(range(1, 7))
        assert (await two.verify_chain(unique_prefix)).ok
