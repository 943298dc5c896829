"""A standby relay (another relay holds the lease): ready while its connections are up,
also after a failed session, and quick to take a lease its holder stopped renewing, also
after it had backed off. On a NATS server of the module's own, which the tests stop and
start again (same port and store)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import asyncpg
import pytest
from president.runtime import Runtime
from president.store.relay_leases import LEASE_TABLE
from president_tools.infra.nats import EmbeddedNats

from services.relay import Relay, RelayOptions
from services.relay.main import RelayApp
from tests.fixtures.servers import reachable_temp_dir
from tests.support.waiting import eventually

from .conftest import Names

TTL = 1.0
BACKOFF = RelayOptions(
    retry_interval=0.5, max_retry_interval=5.0, lock_retry_interval=2.0, lease_ttl=TTL
)
"""Waits past the lease: a backoff up to 5 s after failed sessions, 2 s between tries for
the lock; a standby still tries every quarter lease."""


@pytest.fixture(scope="module")
def nats() -> Iterator[EmbeddedNats]:
    with reachable_temp_dir() as data_dir:
        server = EmbeddedNats(data_dir / "nats", auth=False)
        server.start()
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture
async def holder(log_url: str, names: Names) -> AsyncIterator[asyncpg.Connection]:
    """Another relay's lease, held for an hour: the relay under test is a standby. Its
    connection can make the lease run out ``freeze(seconds)`` from now, as a frozen
    holder's does after its last renewal."""
    connection = await asyncpg.connect(log_url)
    await connection.execute(
        f"INSERT INTO {LEASE_TABLE} (name, holder, epoch, expires_at)"
        " VALUES ($1, 'other relay', 1, clock_timestamp() + interval '1 hour')",
        names.stream,
    )
    yield connection
    await connection.close()


async def _freeze(holder: asyncpg.Connection, names: Names, seconds: float) -> None:
    await holder.execute(
        f"UPDATE {LEASE_TABLE} SET expires_at = clock_timestamp() + make_interval(secs => $2)"
        " WHERE name = $1",
        names.stream,
        seconds,
    )


@pytest.fixture
async def standby(
    log_url: str, nats: EmbeddedNats, names: Names
) -> AsyncIterator[tuple[RelayApp, Runtime]]:
    relay = Relay(
        log_url,
        nats.url,
        names.stream,
        route=names.raw.route,
        subjects=names.raw.subjects,
        prefix=names.prefix,
        options=BACKOFF,
    )
    app, runtime = RelayApp(relay, log_url), Runtime("relay-standby")
    await app.start(runtime)
    runtime.health.phase = "serving"  # as president.runtime.serve does once started
    yield app, runtime
    await app.stop()


async def _outage(nats: EmbeddedNats, runtime: Runtime) -> None:
    """NATS away until the standby's session failed (not ready), then back."""

    async def not_ready() -> bool:
        return "relay" in await runtime.health.problems()

    nats.stop()
    try:
        await eventually(not_ready, 10, "not ready without NATS")
    finally:
        nats.start()


async def test_a_standby_with_its_connections_up_is_ready_also_after_a_failed_session(
    holder: asyncpg.Connection, standby: tuple[RelayApp, Runtime], nats: EmbeddedNats
) -> None:
    app, runtime = standby

    async def ready() -> bool:
        return await runtime.health.problems() == {}

    await eventually(ready, 10, "ready as a standby")
    assert app.relay.status == "waiting for the lock"
    await _outage(nats, runtime)
    assert app.relay.status.startswith("session failed")

    # Back: ready again while still waiting for the lease (the backoff is at most 5 s).
    await eventually(ready, 10, "ready again as a standby")
    assert app.relay.status == "waiting for the lock"


async def test_a_standby_that_backed_off_takes_a_lease_left_unrenewed_within_its_ttl(
    holder: asyncpg.Connection,
    standby: tuple[RelayApp, Runtime],
    nats: EmbeddedNats,
    names: Names,
) -> None:
    app, runtime = standby

    async def ready() -> bool:
        return await runtime.health.problems() == {}

    async def publishing() -> bool:
        return app.relay.status == "publishing"

    await eventually(ready, 10, "ready as a standby")
    await _outage(nats, runtime)  # sessions failed: it backs off
    await eventually(ready, 10, "ready again as a standby")

    await _freeze(holder, names, TTL)  # the holder's last renewal, then nothing

    took = await eventually(publishing, 3 * TTL + 5, "publishing")
    print(f"standby publishing {took:.2f} s after the holder's last renewal (lease {TTL} s)")
    assert took <= TTL * 1.25 + 0.75, took  # expiry, then at most a quarter lease
