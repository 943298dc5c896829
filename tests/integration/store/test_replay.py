"""Replay streams the log by COPY: the same events as `read_all`, whatever they hold."""

from __future__ import annotations

import uuid

import asyncpg
import pytest
from president.store import NewEvent, RecordedEvent
from president.store.copy_replay import copy_pages
from president.store.postgres import PostgresEventStore

_AWKWARD = [
    "tab\there",
    "new\nline",
    "cr\rlf\r\n",
    "back\\slash \\n \\\\ \\N",
    'quote " and \\"',
    "é ü 🂡 ♠",
    "".join(chr(c) for c in range(1, 32)) + "\x7f",
]


async def _replayed(store: PostgresEventStore, after: int, page: int) -> list[RecordedEvent]:
    return [event async for events in store.replay(after, page) for event in events]


async def _log_start(store: PostgresEventStore) -> int:
    return int(await store.pool.fetchval("SELECT coalesce(max(position), 0) FROM events"))


async def test_awkward_text_replays_as_read_all_reads_it(pg_store: PostgresEventStore) -> None:
    start = await _log_start(pg_store)
    for text in _AWKWARD:
        event = NewEvent(f"Type {text}", {"text": text, text: [text]}, {"actor": text})
        await pg_store.append(f"s-{uuid.uuid4().hex[:6]}-{text}", [event], expected_version=0)
    replayed = await _replayed(pg_store, start, page=3)
    assert replayed == await pg_store.read_all(start, 100)
    assert [e.data["text"] for e in replayed] == _AWKWARD
    assert [e.stream_id.split("-", 2)[2] for e in replayed] == _AWKWARD


async def test_times_come_back_in_utc_whatever_the_session_zone(migrated_url: str) -> None:
    zoned = {"TimeZone": "Asia/Kolkata", "DateStyle": "SQL, DMY"}
    async with await PostgresEventStore.connect(migrated_url, server_settings=zoned) as store:
        start = await _log_start(store)
        await store.append(f"s-{uuid.uuid4().hex}", [NewEvent("A", {})], expected_version=0)
        [replayed] = await _replayed(store, start, page=10)
        [read] = await store.read_all(start)
    assert replayed == read and replayed.recorded_at.utcoffset() is not None
    assert replayed.recorded_at.tzinfo == read.recorded_at.tzinfo


async def test_a_replay_runs_on_across_copy_segments(pg_store: PostgresEventStore) -> None:
    start = await _log_start(pg_store)
    stream = f"s-{uuid.uuid4().hex}"
    await pg_store.append(
        stream, [NewEvent(str(i), {"i": i}) for i in range(10)], expected_version=0
    )
    async with pg_store.pool.acquire() as connection:
        pages = [page async for page in copy_pages(connection, start, page=3, segment=4)]
    assert [len(page) for page in pages] == [3, 3, 3, 1]
    assert [e for page in pages for e in page] == await pg_store.read_all(start, 100)


async def test_a_replay_left_mid_copy_leaves_the_connection_usable(migrated_url: str) -> None:
    async with await PostgresEventStore.connect(migrated_url, max_size=1) as store:
        start = await _log_start(store)
        stream = f"s-{uuid.uuid4().hex}"
        for b in range(20):
            batch = [NewEvent("Big", {"pad": "x" * 2000, "b": b}) for _ in range(100)]
            await store.append(stream, batch, expected_version=b * 100)
        async for page in store.replay(start, page=10):
            assert len(page) == 10
            break
        assert len(await _replayed(store, start, page=500)) == 2000
        assert await store.stream_version(stream) == 2000


async def test_a_failing_copy_raises_from_the_replay(migrated_url: str) -> None:
    connection = await asyncpg.connect(migrated_url, server_settings={"search_path": "nowhere"})
    try:
        with pytest.raises(asyncpg.UndefinedTableError):
            async for _page in copy_pages(connection, 0, page=10):
                pass
        assert await connection.fetchval("SELECT 1") == 1
    finally:
        await connection.close()
