"""Fixtures of the Postgres store tests: a migrated database per module, a store per test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from president.store.migrate import migrate
from president.store.postgres import PostgresEventStore


@pytest.fixture(scope="module")
async def migrated_url(database_url: str) -> str:
    """This module's fresh database, migrated to the latest schema."""
    await migrate(database_url)
    return database_url


@pytest.fixture
async def pg_store(migrated_url: str) -> AsyncIterator[PostgresEventStore]:
    async with await PostgresEventStore.connect(migrated_url) as store:
        yield store
