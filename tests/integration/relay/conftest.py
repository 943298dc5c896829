"""Fixtures of the relay tests: a fresh migrated database per test, names per test."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass

import pytest
from president.store.migrate import migrate
from president_tools.infra import create_database, drop_database

from services.relay import Routing, raw_routing
from tests.fixtures.servers import TestServers


@dataclass(frozen=True)
class Names:
    """Where one test's relay publishes: subject prefix and stream name, both unique."""

    prefix: str
    stream: str

    @property
    def raw(self) -> Routing:
        """Whole events on ``<prefix>.events.>``: these tests relay made-up events that the
        contract's routing (the default) would not publish."""
        return raw_routing(self.prefix)


@pytest.fixture
def names(unique_prefix: str) -> Names:
    return Names(prefix=unique_prefix, stream=f"{unique_prefix.upper()}_EVENTS")


@pytest.fixture
def _blank_db(servers: TestServers) -> Iterator[str]:
    name = f"relay_{uuid.uuid4().hex[:12]}"
    url = create_database(servers.database_url, name)
    yield url
    drop_database(servers.database_url, name)


@pytest.fixture
async def log_url(_blank_db: str) -> AsyncIterator[str]:
    """A fresh database with the event store schema (the relay's log of its own)."""
    await migrate(_blank_db)
    yield _blank_db
