"""An append NOTIFYs `president_events` when it commits (a wake-up for readers)."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
from president.store import NOTIFY_CHANNEL, NewEvent
from president.store.postgres import PostgresEventStore


async def test_a_committed_append_wakes_listeners(
    pg_store: PostgresEventStore, migrated_url: str, unique_prefix: str
) -> None:
    woken = asyncio.Event()

    def on_notify(*_: Any) -> None:
        woken.set()

    listener = await asyncpg.connect(migrated_url)
    try:
        await listener.add_listener(NOTIFY_CHANNEL, on_notify)
        await pg_store.append(unique_prefix, [NewEvent("A", {})], expected_version=None)
        await asyncio.wait_for(woken.wait(), 5)
    finally:
        await listener.close()


async def test_a_rolled_back_append_wakes_nobody(
    pg_store: PostgresEventStore, migrated_url: str, unique_prefix: str
) -> None:
    woken = asyncio.Event()

    def on_notify(*_: Any) -> None:
        woken.set()

    listener, writer = await asyncpg.connect(migrated_url), await asyncpg.connect(migrated_url)
    try:
        await listener.add_listener(NOTIFY_CHANNEL, on_notify)
        transaction = writer.transaction()
        await transaction.start()
        await pg_store.append_in(writer, unique_prefix, [NewEvent("A", {})], expected_version=0)
        await transaction.rollback()
        await asyncio.sleep(0.2)
        assert not woken.is_set()
    finally:
        await listener.close()
        await writer.close()
