"""Migration 0007 on a database written before it: the recorded commands and refusals keep
their answers as the anonymous sender's (''), and another sender's command of the same id
is a row of its own, in both tables."""

from __future__ import annotations

import asyncpg
import pytest
from president.store.migrate import migrate

from tests.integration.store.test_service_tables_migration import _upgrade_to

_BEFORE = (
    """INSERT INTO events (stream_id, version, event_id, type, data, prev_hash, hash)
       VALUES ('game-t1', 1, gen_random_uuid(), 'GameCreated', '{}', 'p', 'h')""",
    "INSERT INTO commands (stream_id, command_id, first_version, last_version)"
    " VALUES ('game-t1', 'c1', 1, 1)",
    """INSERT INTO command_rejections (stream_id, command_id, reply)
       VALUES ('game-t1', 'ai:t1:5:2', '{"code": "WRONG_PHASE"}')""",
)


async def test_old_rows_become_the_anonymous_senders_and_others_get_their_own(
    database_url: str,
) -> None:
    await _upgrade_to(database_url, "0006")
    admin = await asyncpg.connect(database_url)
    try:
        for statement in _BEFORE:
            await admin.execute(statement)
        await migrate(database_url)
        rows = await admin.fetch("SELECT sender, command_id FROM commands")
        assert [tuple(row) for row in rows] == [("", "c1")]
        rows = await admin.fetch("SELECT sender, command_id FROM command_rejections")
        assert [tuple(row) for row in rows] == [("", "ai:t1:5:2")]
        await admin.execute(
            "INSERT INTO commands (stream_id, sender, command_id, first_version, last_version)"
            " VALUES ('game-t1', 'ai-worker', 'c1', 1, 1)"
        )
        await admin.execute(
            "INSERT INTO command_rejections (stream_id, sender, command_id, reply)"
            " VALUES ('game-t1', 'ai-worker', 'ai:t1:5:2', '{}')"
        )
        with pytest.raises(asyncpg.UniqueViolationError):
            await admin.execute(
                "INSERT INTO command_rejections (stream_id, command_id, reply)"
                " VALUES ('game-t1', 'ai:t1:5:2', '{}')"
            )
    finally:
        await admin.close()
