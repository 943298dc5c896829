"""A migrated database per module, a store per test, and games written to it."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest
from president.rules import Options
from president.store.migrate import migrate
from president.store.postgres import PostgresEventStore
from president_tools.sample import play_sample_game, write_game

from tests.support.tampering import rewrite_as_superuser

__all__ = ["rewrite_as_superuser", "write_sample"]


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
