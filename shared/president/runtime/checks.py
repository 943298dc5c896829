"""Readiness checks and clean disconnection for the servers every process talks to (the
``close_*`` functions give up waiting on a server that is gone)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

import asyncpg
import nats.errors
from nats.aio.client import Client

from president.runtime.health import Check
from president.store.probe import ping

log = logging.getLogger(__name__)

DRAIN_TIMEOUT = 5.0
CLOSE_TIMEOUT = 5.0


def nats_check(client: Client) -> Check:
    """Ready while ``client`` is connected (nats-py resubscribes once it is back)."""

    async def check() -> str | None:
        if client.is_connected:
            return None
        if client.is_closed:
            return "NATS connection closed"
        return "NATS reconnecting" if client.is_reconnecting else "NATS not connected"

    return check


def postgres_check(pool: asyncpg.Pool) -> Check:
    """Ready while a connection of ``pool`` answers (``president.store.probe.ping``;
    asyncpg replaces a broken connection of the pool at its next checkout)."""

    async def check() -> str | None:
        try:
            await ping(pool)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            return f"Postgres: {type(error).__name__}: {error}"
        return None

    return check


async def close_nats(client: Client, drain_timeout: float | None = DRAIN_TIMEOUT) -> None:
    """Drain ``client`` when it is connected (what the subscriptions hold is handled),
    else close it at once. ``drain_timeout=None``: no drain, only a flush of what was
    published (for a process whose work in hand is already finished)."""
    if client.is_closed:
        return
    if client.is_connected:
        try:
            if drain_timeout is None:
                await client.flush(timeout=1)
            else:
                await asyncio.wait_for(client.drain(), drain_timeout)
                return
        except (TimeoutError, OSError, nats.errors.Error) as error:
            log.warning("NATS did not drain (%s); closing", type(error).__name__)
    # nats-py flushes what it buffered while disconnected into a dead socket: that may fail.
    with contextlib.suppress(TimeoutError, OSError, nats.errors.Error):
        await asyncio.wait_for(client.close(), CLOSE_TIMEOUT)


class _Closable(Protocol):
    async def close(self) -> None: ...


async def close_store(store: _Closable, pool: asyncpg.Pool | None = None) -> None:
    """Close ``store`` (its pool), terminating ``pool`` when Postgres does not answer."""
    try:
        await asyncio.wait_for(store.close(), CLOSE_TIMEOUT)
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        log.warning("Postgres connections did not close (%s); dropping them", type(error).__name__)
        if pool is not None:
            pool.terminate()


async def close_pool(pool: asyncpg.Pool) -> None:
    """Close ``pool``, terminating its connections when Postgres does not answer."""
    await close_store(pool, pool)
