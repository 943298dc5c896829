"""The event store contract, run unchanged against Postgres."""

from __future__ import annotations

import orjson
import pytest
from president.store import RecordedEvent
from president.store.lobby import PostgresLobby
from president.store.postgres import PostgresEventStore
from president.store.relay_leases import PostgresRelayLeaseConnection, RelayLeaseConnection

from tests.support.store_contract import (
    ConnectRelay,
    EventStoreContract,
    LobbyContract,
    RelayLeaseContract,
)

_REWRITE = """
INSERT INTO events (position, stream_id, version, event_id, tx_id, type, schema_version,
                    data, metadata, recorded_at, prev_hash, hash)
OVERRIDING SYSTEM VALUE
VALUES ($1, $2, $3, $4, $5::text::xid8, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12)"""


class TestPostgresEventStore(EventStoreContract):
    @pytest.fixture
    def store(self, pg_store: PostgresEventStore) -> PostgresEventStore:
        return pg_store

    async def rewrite(
        self, store: PostgresEventStore, stream_id: str, events: list[RecordedEvent]
    ) -> None:
        """As a superuser with triggers off (replica mode): what a tamperer could do."""
        async with store.pool.acquire() as connection, connection.transaction():
            await connection.execute("SET LOCAL session_replication_role = replica")
            await connection.execute("DELETE FROM events WHERE stream_id = $1", stream_id)
            for e in events:
                await connection.execute(
                    _REWRITE, e.position, e.stream_id, e.version, e.event_id, str(e.tx_id),
                    e.type, e.schema_version, orjson.dumps(e.data).decode(),
                    orjson.dumps(e.metadata).decode(), e.recorded_at, e.prev_hash, e.hash,
                )  # fmt: skip


class TestPostgresRelayLease(RelayLeaseContract):
    @pytest.fixture
    def connect(self, migrated_url: str) -> ConnectRelay:
        async def connect() -> RelayLeaseConnection:
            return await PostgresRelayLeaseConnection.connect(migrated_url)

        return connect


class TestPostgresLobby(LobbyContract):
    @pytest.fixture
    def store(self, pg_store: PostgresEventStore) -> PostgresEventStore:
        return pg_store

    @pytest.fixture
    def lobby(self, pg_store: PostgresEventStore) -> PostgresLobby:
        return PostgresLobby(pg_store.pool)
