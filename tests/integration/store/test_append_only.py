"""The log cannot be changed: a trigger stops even a superuser, and the services' role
holds no UPDATE, DELETE or TRUNCATE grant."""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import pytest
from president.store import NewEvent
from president.store.migrate import app_role_url
from president.store.postgres import PostgresEventStore

CHANGES = (
    "UPDATE {table} SET stream_id = stream_id",
    "DELETE FROM {table}",
    "TRUNCATE {table}",
)


@pytest.fixture
async def superuser(migrated_url: str) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(migrated_url)
    yield connection
    await connection.close()


@pytest.fixture
async def as_app(migrated_url: str) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(app_role_url(migrated_url))
    yield connection
    await connection.close()


@pytest.mark.parametrize("table", ["events", "commands"])
@pytest.mark.parametrize("change", CHANGES)
async def test_the_trigger_stops_a_superuser(
    pg_store: PostgresEventStore, superuser: asyncpg.Connection, table: str, change: str
) -> None:
    await pg_store.append("kept", [NewEvent("Kept", {})], expected_version=None, command_id="k")
    assert await superuser.fetchval("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
    with pytest.raises(asyncpg.InsufficientPrivilegeError, match="append-only"):
        await superuser.execute(change.format(table=table))
    assert await superuser.fetchval(f"SELECT count(*) FROM {table}") >= 1


@pytest.mark.parametrize("table", ["events", "commands", "snapshots"])
@pytest.mark.parametrize("change", CHANGES)
async def test_the_app_role_holds_no_grant_to_change(
    as_app: asyncpg.Connection, table: str, change: str
) -> None:
    assert await as_app.fetchval("SELECT current_user") == "president_app"
    with pytest.raises(asyncpg.InsufficientPrivilegeError, match="permission denied"):
        await as_app.execute(change.format(table=table))


async def test_the_app_role_appends_reads_and_tracks(migrated_url: str) -> None:
    async with await PostgresEventStore.connect(app_role_url(migrated_url)) as store:
        result = await store.append("app", [NewEvent("A", {})], expected_version=0, command_id="c")
        assert (await store.read_stream("app"))[0].position == result.positions[0]
        ran, _ = await store.tracking.process("app-consumer", result.positions[0], _nothing)
        assert ran and await store.tracking.position("app-consumer") == result.positions[0]


async def _nothing(connection: asyncpg.Connection) -> None:
    return None
