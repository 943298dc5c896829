"""Fixtures of the engine's integration tests: a migrated database per module, a harness
with a relay and one engine instance."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from president.store.migrate import migrate

from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import Harness, harness


@pytest_asyncio.fixture(loop_scope="session", scope="module")
async def migrated_url(database_url: str) -> str:
    await migrate(database_url)
    return database_url


@pytest_asyncio.fixture(loop_scope="session", scope="module")
async def engine(migrated_url: str, servers: TestServers) -> AsyncIterator[Harness]:
    """One engine instance and a relay, shared by the module's tests (own prefix)."""
    async with harness(migrated_url, servers) as h:
        await h.start_engine()
        yield h


@pytest_asyncio.fixture(loop_scope="session")
async def fresh(migrated_url: str, servers: TestServers) -> AsyncIterator[Harness]:
    """A relay and no engine yet (each test starts its own)."""
    async with harness(migrated_url, servers) as h:
        yield h
