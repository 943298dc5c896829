"""The database roles: the migration runs as `president_owner` (not a superuser), the
services as `president_app`, the auditor as `president_auditor` (SELECT only)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import asyncpg
import pytest
from president.store.migrate import (
    APP_ROLE,
    AUDITOR_ROLE,
    OWNER_ROLE,
    app_role_url,
    auditor_role_url,
    migrate,
    set_role_password,
)
from president_tools.infra import drop_database
from president_tools.infra.databases import create_owned_database
from president_tools.infra.postgres import psql

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


@pytest.fixture
def operator_made_roles(servers: TestServers) -> Iterator[str]:
    """A database as CloudNativePG makes it (k8s/base/postgres/cluster.yaml): the
    superuser created president_app and president_auditor (managed roles, passwords from
    their Secrets) and president_owner (CREATEROLE), which owns the database but holds no
    ADMIN OPTION on the two roles. Yields the owner's URL."""
    name = f"cnpg_{uuid.uuid4().hex[:10]}"
    admin = servers.database_url
    for role in (APP_ROLE, AUDITOR_ROLE):
        psql(
            admin,
            f"""DO $$ BEGIN
                IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{role}') THEN
                    CREATE ROLE {role} LOGIN;
                END IF;
            END $$""",
        )
    owner_url = create_owned_database(admin, name, "owner-pw")
    for role in (APP_ROLE, AUDITOR_ROLE):
        psql(admin, f"REVOKE {role} FROM {OWNER_ROLE}")
    yield owner_url
    drop_database(admin, name)


async def test_the_owner_migrates_a_database_whose_roles_the_operator_made(
    operator_made_roles: str,
) -> None:
    """The k8s init container's case: `president serve migrate` as president_owner with no
    PRESIDENT_*_ROLE_PASSWORD (the operator owns those passwords): the schema and every
    grant are in place, and the services' role writes to the log."""
    owner_url = operator_made_roles
    admin_of = "SELECT count(*) FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid "
    admin_of += f"WHERE m.member = '{OWNER_ROLE}'::regrole AND m.admin_option "
    admin_of += f"AND r.rolname IN ('{APP_ROLE}', '{AUDITOR_ROLE}')"
    assert await _fetch(owner_url, admin_of) == 0
    await migrate(owner_url)
    app = app_role_url(owner_url)
    assert await _fetch(app, "SELECT has_table_privilege('events', 'INSERT')") is True
    auditor = auditor_role_url(owner_url)
    assert await _fetch(auditor, "SELECT count(*) FROM relay_leases") == 0
