"""The database roles: the migration runs as `president_owner` (not a superuser), the
services as `president_app`, the auditor as `president_auditor` (SELECT only)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import asyncpg
import pytest
from president.store.migrate import (
    AUDITOR_ROLE,
    app_role_url,
    auditor_role_url,
    migrate,
    set_role_password,
)
from president_tools.infra import drop_database
from president_tools.infra.databases import create_owned_database

from tests.fixtures.servers import TestServers


@pytest.fixture
def owner_url(servers: TestServers) -> Iterator[str]:
    name = f"owned_{uuid.uuid4().hex[:10]}"
    yield create_owned_database(servers.database_url, name, "owner-pw")
    drop_database(servers.database_url, name)


async def _fetch(url: str, sql: str) -> object:
    connection = await asyncpg.connect(url)
    try:
        return await connection.fetchval(sql)
    finally:
        await connection.close()


async def test_the_owner_migrates_without_being_a_superuser(owner_url: str) -> None:
    superuser = "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
    assert await _fetch(owner_url, superuser) is False
    await migrate(owner_url)
    await migrate(owner_url)  # again: nothing left to do
    await set_role_password(owner_url, AUDITOR_ROLE, "auditor-pw")
    assert await _fetch(owner_url, "SELECT count(*) FROM events") == 0


async def test_the_auditor_reads_everything_and_writes_nothing(owner_url: str) -> None:
    await migrate(owner_url)
    auditor = auditor_role_url(owner_url)
    tables = ("events", "commands", "lobby_tables", "command_rejections", "tracking")
    for table in (*tables, "relay_checkpoints", "relay_leases"):
        assert await _fetch(auditor, f"SELECT count(*) FROM {table}") == 0
    for statement in (
        "INSERT INTO tracking (consumer) VALUES ('x')",
        "DELETE FROM lobby_tables",
        "CREATE TABLE mine (x int)",
    ):
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await _fetch(auditor, statement)


async def test_the_services_role_cannot_change_the_schema(owner_url: str) -> None:
    await migrate(owner_url)
    with pytest.raises(asyncpg.InsufficientPrivilegeError):
        await _fetch(app_role_url(owner_url), "DROP TABLE lobby_tables")
