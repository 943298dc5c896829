"""What the Postgres store records beyond the contract, and how its writer connection
survives the server dropping it."""

from __future__ import annotations

import asyncio

import asyncpg
from president.store import NewEvent
from president.store.postgres import PostgresEventStore


async def test_an_append_records_its_transaction_id(
    pg_store: PostgresEventStore, migrated_url: str, unique_prefix: str
) -> None:
    await pg_store.append(unique_prefix, [NewEvent("A", {}), NewEvent("B", {})], expected_version=0)
    connection = await asyncpg.connect(migrated_url)
    try:
        async with connection.transaction():
            await pg_store.append_in(
                connection, unique_prefix, [NewEvent("C", {})], expected_version=2
            )
            await pg_store.append_in(
                connection, f"{unique_prefix}-2", [NewEvent("D", {})], expected_version=0
            )
            current = await connection.fetchval("SELECT pg_current_xact_id()::text::bigint")
    finally:
        await connection.close()
    first, second, third = await pg_store.read_stream(unique_prefix)
    [fourth] = await pg_store.read_stream(f"{unique_prefix}-2")
    assert first.tx_id == second.tx_id < third.tx_id == fourth.tx_id == current


async def test_the_writer_reconnects_after_losing_its_connection(
    pg_store: PostgresEventStore, migrated_url: str, unique_prefix: str
) -> None:
    await pg_store.append(unique_prefix, [NewEvent("A", {})], expected_version=0)
    admin = await asyncpg.connect(migrated_url)
    try:
        killed = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    finally:
        await admin.close()
    assert killed >= 1
    for attempt in range(2):  # the first use may meet the dead connection, then reconnects
        try:
            await pg_store.append(unique_prefix, [NewEvent("B", {})], expected_version=1)
            break
        except Exception:
            assert attempt == 0
    assert [e.type for e in await pg_store.read_stream(unique_prefix)] == ["A", "B"]


async def test_two_stores_racing_one_command_write_it_once(
    migrated_url: str, unique_prefix: str
) -> None:
    async with (
        await PostgresEventStore.connect(migrated_url) as one,
        await PostgresEventStore.connect(migrated_url) as two,
    ):
        results = await asyncio.gather(
            *(
                store.append(unique_prefix, [NewEvent("A", {})], expected_version=None,
                             command_id="same")
                for store in (one, two, one, two)
            )
        )  # fmt: skip
        assert sorted(r.duplicate for r in results) == [False, True, True, True]
        assert await two.stream_version(unique_prefix) == 1
