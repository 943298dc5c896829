"""The event store contract, run against the in-memory store."""

from __future__ import annotations

import pytest
from president.store import RecordedEvent
from president.store.lobby import MemoryLobby
from president.store.memory import InMemoryEventStore
from president.store.relay_leases import MemoryRelayLeases, RelayLeaseConnection

from tests.support.store_contract import (
    ConnectRelay,
    EventStoreContract,
    LobbyContract,
    RelayLeaseContract,
)


class TestInMemoryEventStore(EventStoreContract):
    @pytest.fixture
    def store(self) -> InMemoryEventStore:
        return InMemoryEventStore()

    async def rewrite(
        self, store: InMemoryEventStore, stream_id: str, events: list[RecordedEvent]
    ) -> None:
        store._streams[stream_id] = list(events)


class TestMemoryRelayLease(RelayLeaseContract):
    @pytest.fixture
    def connect(self) -> ConnectRelay:
        leases = MemoryRelayLeases()

        async def connect() -> RelayLeaseConnection:
            return leases.connect()

        return connect


class TestMemoryLobby(LobbyContract):
    @pytest.fixture
    def store(self) -> InMemoryEventStore:
        return InMemoryEventStore()

    @pytest.fixture
    def lobby(self, store: InMemoryEventStore) -> MemoryLobby:
        return MemoryLobby(store)
