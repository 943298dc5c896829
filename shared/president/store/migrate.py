"""Schema migrations (Alembic, run programmatically) and the URL forms the store uses."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit, urlunsplit

from sqlalchemy import Connection, text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

if TYPE_CHECKING:
    from alembic.config import Config

# Alembic is imported where it is used: it costs most of a second, and every
# `president` command (the referee included) imports this module's CLI.
MIGRATIONS = Path(__file__).with_name("migrations")
APP_ROLE = "president_app"
AUDITOR_ROLE = "president_auditor"
OWNER_ROLE = "president_owner"
"""Runs the migration: owns the database, may create roles, is not a superuser."""
_MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('president.store.migrate', 0))"


def sqlalchemy_url(database_url: str) -> str:
    """The libpq URL `postgresql://...` in SQLAlchemy's asyncpg form."""
    scheme, sep, rest = database_url.partition("://")
    if not sep or scheme.split("+")[0] not in ("postgres", "postgresql"):
        raise ValueError(f"not a postgresql:// URL: {database_url!r}")
    return "postgresql+asyncpg://" + rest


def role_url(database_url: str, role: str, password: str | None = None) -> str:
    """The same database (and TLS parameters) as ``role``."""
    parts = urlsplit(database_url)
    user = role if password is None else f"{role}:{quote(password, safe='')}"
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}@{host}"))


def app_role_url(database_url: str, password: str | None = None) -> str:
    """The same database as the role `president_app` (INSERT and SELECT on the log only).

    The migration creates the role without a password; where the server asks for one,
    set it once with `ALTER ROLE president_app PASSWORD '...'` and pass it here.
    """
    return role_url(database_url, APP_ROLE, password)


def auditor_role_url(database_url: str, password: str | None = None) -> str:
    """The same database as the role `president_auditor` (SELECT only)."""
    return role_url(database_url, AUDITOR_ROLE, password)


async def migrate(database_url: str) -> None:
    """Bring the database to the latest schema (idempotent; concurrent callers queue)."""
    import asyncpg

    # asyncpg reads the libpq URL itself (TLS: sslmode, sslrootcert, ...), which
    # SQLAlchemy would hand over as keyword arguments asyncpg does not take.
    engine = create_async_engine(
        sqlalchemy_url(database_url).split("?", 1)[0],
        poolclass=NullPool,
        async_creator=lambda: asyncpg.connect(database_url),
    )
    try:
        async with engine.connect() as connection:
            await connection.execute(text(_MIGRATION_LOCK))
            await connection.run_sync(_upgrade)
            await connection.commit()
    finally:
        await engine.dispose()


async def set_app_role_password(database_url: str, password: str) -> None:
    """Give the role `president_app` this password (run with the owner's URL, after `migrate`).

    Where the server asks for passwords this is what lets the services log in as the
    least-privileged role; ``app_role_url(url, password)`` is then their URL.
    """
    await set_role_password(database_url, APP_ROLE, password)


async def set_role_password(database_url: str, role: str, password: str) -> None:
    """Give ``role`` (one the migration created) this password."""
    import asyncpg

    if role not in (APP_ROLE, AUDITOR_ROLE):
        raise ValueError(f"not a role of the migration: {role!r}")
    connection = await asyncpg.connect(database_url)
    try:
        literal = await connection.fetchval("SELECT quote_literal($1::text)", password)
        await connection.execute(f"ALTER ROLE {role} WITH LOGIN PASSWORD {literal}")
    finally:
        await connection.close()


def migrate_sync(database_url: str) -> None:
    """`migrate` for callers without an event loop."""
    asyncio.run(migrate(database_url))


def head_revision() -> str:
    """The revision `migrate` brings a database to."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def _config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def _upgrade(connection: Connection) -> None:
    from alembic import command

    config = _config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
