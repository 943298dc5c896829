"""Migrations create the schema, run again harmlessly, and queue when run concurrently."""

from __future__ import annotations

import asyncio

import asyncpg
from president.store.migrate import head_revision, migrate, migrate_sync


async def test_migrating_again_and_concurrently_is_harmless(database_url: str) -> None:
    await asyncio.gather(*(migrate(database_url) for _ in range(3)))
    await migrate(database_url)
    await asyncio.to_thread(migrate_sync, database_url)
    connection = await asyncpg.connect(database_url)
    try:
        assert (
            await connection.fetchval("SELECT version_num FROM alembic_version") == head_revision()
        )
    finally:
        await connection.close()


async def test_the_events_table_has_its_keys(database_url: str) -> None:
    await migrate(database_url)
    connection = await asyncpg.connect(database_url)
    try:
        primary_key = await connection.fetchval(
            "SELECT pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE conrelid = 'events'::regclass AND contype = 'p'"
        )
        types = dict(
            await connection.fetch(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_name = 'events'"
            )
        )
        identity = await connection.fetchval(
            "SELECT is_identity FROM information_schema.columns"
            " WHERE table_name = 'events' AND column_name = 'position'"
        )
    finally:
        await connection.close()
    assert primary_key == "PRIMARY KEY (stream_id, version)"
    assert types["tx_id"] == "xid8" and types["position"] == "bigint"
    assert types["data"] == types["metadata"] == "jsonb"
    assert identity == "YES"
