"""A migrated database per module, a store per test, and games written to it."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import datetime

import orjson
import pytest
from president.rules import Options
from president.store.migrate import migrate
from president.store.postgres import PostgresEventStore
from president_tools.sample import play_sample_game, write_game

from tests.support.tampering import Row

_INSERT = """
INSERT INTO events (position, stream_id, version, event_id, tx_id, type, schema_version,
                    data, metadata, recorded_at, prev_hash, hash)
OVERRIDING SYSTEM VALUE
VALUES ($1, $2, $3, $4::uuid, $5::text::xid8, $6, $7, $8::jsonb, $9::jsonb,
        $10, $11, $12)"""

_NEXT_POSITION = "SELECT nextval(pg_get_serial_sequence('events', 'position'))"


@pytest.fixture(scope="module")
async def audit_db(database_url: str) -> str:
    """This module's fresh database (the URL of a superuser), migrated."""
    await migrate(database_url)
    return database_url


@pytest.fixture
async def store(audit_db: str) -> AsyncIterator[PostgresEventStore]:
    async with await PostgresEventStore.connect(audit_db, max_size=2) as opened:
        yield opened


async def write_sample(
    store: PostgresEventStore, options: Options | None = None, seed: int = 5
) -> str:
    """Play a game and write it as the engine would; returns its table id."""
    table_id = f"tbl-{uuid.uuid4().hex[:8]}"
    game = play_sample_game(table_id, options or Options(players=4, rounds=2), seed)
    await write_game(store, game)
    return table_id


async def rewrite_as_superuser(store: PostgresEventStore, stream_id: str, rows: list[Row]) -> None:
    """Replace the stream's rows, bypassing the append-only trigger (replica mode).

    A row with a position the stream did not have (an inserted event) gets a fresh one
    from the log's identity, so that later appends do not collide with it.
    """
    async with store.pool.acquire() as connection, connection.transaction():
        await connection.execute("SET LOCAL session_replication_role = replica")
        original = {
            record["position"]
            for record in await connection.fetch(
                "SELECT position FROM events WHERE stream_id = $1", stream_id
            )
        }
        for row in rows:
            if row["position"] not in original:
                row["position"] = await connection.fetchval(_NEXT_POSITION)
        await connection.execute("DELETE FROM events WHERE stream_id = $1", stream_id)
        await connection.executemany(
            _INSERT,
            [
                (
                    row["position"], row["stream_id"], row["version"], row["event_id"],
                    str(row["tx_id"]), row["type"], row["schema_version"],
                    orjson.dumps(row["data"]).decode(), orjson.dumps(row["metadata"]).decode(),
                    datetime.fromisoformat(row["recorded_at"]), row["prev_hash"], row["hash"],
                )
                for row in rows
            ],
        )  # fmt: skip
