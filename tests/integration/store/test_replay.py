"""Reads and replays give the exact time in UTC, and a replay left early frees its connection."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import asyncpg
from president.store import NewEvent, RecordedEvent
from president.store.postgres import PostgresEventStore


async def _replayed(store: PostgresEventStore, after: int, page: int) -> list[RecordedEvent]:
    return [event async for events in store.replay(after, page) for event in events]


async def _log_end(store: PostgresEventStore) -> int:
    return int(await store.pool.fetchval("SELECT coalesce(max(position), 0) FROM events"))


async def test_times_come_back_in_utc_whatever_the_session_zone_and_date_style(
    migrated_url: str,
) -> None:
    zoned = {"TimeZone": "Asia/Kolkata", "DateStyle": "SQL, DMY"}
    async with await PostgresEventStore.connect(migrated_url, server_settings=zoned) as store:
        start, stream = await _log_end(store), f"s-{uuid.uuid4().hex}"
        await store.append(stream, [NewEvent("A", {})], expected_version=0)
        stored = await store.pool.fetchval(
            "SELECT recorded_at FROM events WHERE position > $1", start
        )
        [replayed] = await _replayed(store, start, page=10)
        [read] = await store.read_all(start)
        [streamed] = await store.read_stream(stream)
    for event in (replayed, read, streamed):
        assert event.recorded_at == stored and event.recorded_at.tzinfo is stored.tzinfo


async def test_a_replay_left_early_frees_its_connection_for_the_next(migrated_url: str) -> None:
    async with await PostgresEventStore.connect(migrated_url, max_size=1) as store:
        start, stream = await _log_end(store), f"s-{uuid.uuid4().hex}"
        events = [NewEvent("N", {"i": i}) for i in range(30)]
        await store.append(stream, events, expected_version=0)
        async for page in store.replay(start, page=10):
            assert len(page) == 10
            break
        assert [e.data["i"] for e in await _replayed(store, start, page=7)] == list(range(30))
        assert await store.stream_version(stream) == 30


async def test_epoch_seconds_give_every_microsecond_back(migrated_url: str) -> None:
    # Reads select the time as date_part('epoch', ...), a float: exact to the microsecond?
    spread = """
    SELECT t, date_part('epoch', t) FROM (
        SELECT timestamptz 'epoch'
               + ((abs(hashtextextended(i::text, 7)) % 8000000000000000)::text || ' us')::interval
        FROM generate_series(1, 100000) AS i) AS s(t)"""  # 1970 to the 2220s
    connection = await asyncpg.connect(migrated_url)
    try:
        rows = await connection.fetch(spread)
    finally:
        await connection.close()
    assert [t for t, seconds in rows if datetime.fromtimestamp(seconds, UTC) != t] == []
