"""Migration 0004 on a database the old services had used: the engine's rejections move to
``command_rejections``, an existing lobby projection stays, and the app role gets its
grants (and no more)."""

from __future__ import annotations

import asyncpg
import pytest
from alembic import command
from alembic.config import Config
from president.store.migrate import MIGRATIONS, app_role_url, migrate, sqlalchemy_url
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

# What the engine and the table service used to create at startup.
_OLD_SERVICE_TABLES = (
    """
CREATE TABLE engine_rejections (
    table_id    text        NOT NULL,
    command_id  text        NOT NULL,
    reply       jsonb       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, command_id)
)""",
    """INSERT INTO engine_rejections VALUES ('t1', 'c1', '{"code": "NOT_YOUR_TURN"}')""",
    """
CREATE TABLE lobby_tables (
    table_id   text        PRIMARY KEY,
    status     text        NOT NULL,
    summary    jsonb       NOT NULL,
    position   bigint      NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
)""",
    """INSERT INTO lobby_tables VALUES ('t1', 'open', '{}', 7)""",
)


async def _upgrade_to(database_url: str, revision: str) -> None:
    def upgrade(connection: Connection) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    engine = create_async_engine(sqlalchemy_url(database_url), poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(upgrade)
            await connection.commit()
    finally:
        await engine.dispose()


async def test_the_old_service_tables_are_taken_over_with_their_rows(database_url: str) -> None:
    await _upgrade_to(database_url, "0003")
    admin = await asyncpg.connect(database_url)
    try:
        for statement in _OLD_SERVICE_TABLES:
            await admin.execute(statement)
        await migrate(database_url)
        assert await admin.fetchval("SELECT to_regclass('engine_rejections')") is None
        moved = await admin.fetch("SELECT stream_id, command_id, reply FROM command_rejections")
        assert [tuple(row) for row in moved] == [("game-t1", "c1", '{"code": "NOT_YOUR_TURN"}')]
        assert await admin.fetchval("SELECT position FROM lobby_tables") == 7
    finally:
        await admin.close()

    app = await asyncpg.connect(app_role_url(database_url))
    try:
        await app.execute("INSERT INTO command_rejections VALUES ('s', 'c', '{}')")
        await app.execute("INSERT INTO lobby_tables VALUES ('t2', 'open', '{}', 8)")
        await app.execute("UPDATE lobby_tables SET status = 'playing' WHERE table_id = 't2'")
        assert await app.fetchval("SELECT count(*) FROM command_rejections") == 2
        for denied in (
            "UPDATE command_rejections SET reply = '{}'",
            "DELETE FROM command_rejections",
            "DELETE FROM lobby_tables",
            "CREATE TABLE scratch (x int)",
        ):
            with pytest.raises(asyncpg.InsufficientPrivilegeError):
                await app.execute(denied)
    finally:
        await app.close()
