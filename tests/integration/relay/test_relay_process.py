"""``president relay`` as real processes: SIGKILL at random moments, takeover."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import nats
import pytest
from president.store.postgres import PostgresEventStore

from .checks import assert_holds_log_exactly_once, logged_events
from .conftest import Names
from .jetstream import read_stream, wait_for_messages
from .log import LogWriter
from .processes import RelayProcess

KILLS = 6
TABLES = [f"table-{n}" for n in range(6)]
BACKGROUND = [f"game-{n}" for n in range(4)]


@pytest.fixture
def start_relay(
    log_url: str, nats_url: str, names: Names, tmp_path: Path
) -> Iterator[Callable[..., RelayProcess]]:
    started: list[RelayProcess] = []

    def start(*extra: str) -> RelayProcess:
        log = tmp_path / f"relay-{len(started)}.log"
        started.append(RelayProcess(log_url, nats_url, names, log, *extra))
        return started[-1]

    yield start
    for process in started:
        process.ensure_dead()


async def _stored_count(nats_url: str, stream: str) -> int:
    client = await nats.connect(nats_url)
    try:
        return (await client.jetstream().stream_info(stream)).state.messages
    except nats.js.errors.NotFoundError:
        return 0
    finally:
        await client.close()


async def _grown_past(nats_url: str, stream: str, count: int, within: float = 60) -> None:
    await wait_for_messages(nats_url, stream, count + 1, within)


async def test_a_relay_killed_at_random_moments_still_publishes_every_event_once(
    start_relay: Callable[..., RelayProcess], log_url: str, nats_url: str, names: Names
) -> None:
    seed = random.randrange(2**32)
    print(f"seed {seed}")  # shown when the test fails
    draw = random.Random(seed)
    async with await PostgresEventStore.connect(log_url, max_size=12) as store:
        writer = LogWriter(store, seed)
        background = asyncio.create_task(_trickle(writer, BACKGROUND, rounds=40))
        await writer.write(TABLES, 100)
        for _ in range(KILLS):
            relay = start_relay()
            await _grown_past(nats_url, names.stream, await _stored_count(nats_url, names.stream))
            await asyncio.sleep(draw.uniform(0, 0.1))
            relay.kill()
            await writer.write(TABLES, 100)  # a backlog for the next one
        await background
        final = start_relay()
        total = len(await logged_events(log_url))
        await wait_for_messages(nats_url, names.stream, total, within=60)
        await asyncio.sleep(0.5)  # anything extra would arrive now
        assert final.terminate() == 0, final.output()

    assert "stopped" in final.output()
    stored = await read_stream(nats_url, names.stream)
    assert total == 100 * len(TABLES) * (KILLS + 1) + 40 * 5 * len(BACKGROUND)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))


async def _trickle(writer: LogWriter, streams: list[str], rounds: int) -> None:
    """Appends in the background while relays come and go."""
    for _ in range(rounds):
        await writer.write(streams, 5)
        await asyncio.sleep(0.1)


async def test_a_waiting_relay_takes_over_when_the_active_one_dies(
    start_relay: Callable[..., RelayProcess], log_url: str, nats_url: str, names: Names
) -> None:
    async with await PostgresEventStore.connect(log_url, max_size=6) as store:
        writer = LogWriter(store)
        first = start_relay()
        await first.logged("lock taken")
        second = start_relay()
        await second.logged("another relay holds the lock")
        await writer.write(TABLES, 50)
        await wait_for_messages(nats_url, names.stream, 300, within=20)
        assert "lock taken" not in second.output()

        first.kill()
        await writer.write(TABLES, 50)

        await wait_for_messages(nats_url, names.stream, 600, within=20)
        assert "lock taken" in second.output()
        assert second.terminate() == 0, second.output()

    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))


LEASE_TTL = 2.0


async def test_a_frozen_relay_loses_its_lease_to_the_standby_and_publishes_nothing_on_waking(
    start_relay: Callable[..., RelayProcess], log_url: str, nats_url: str, names: Names
) -> None:
    lease = ("--lease-ttl", str(LEASE_TTL))
    async with await PostgresEventStore.connect(log_url, max_size=6) as store:
        writer = LogWriter(store)
        first = start_relay(*lease)
        await first.logged("lock taken")
        second = start_relay(*lease)
        await second.logged("another relay holds the lock")
        await writer.write(TABLES, 50)
        await wait_for_messages(nats_url, names.stream, 300, within=20)

        first.freeze()
        frozen_at = time.monotonic()
        await writer.write(TABLES, 50)  # waits for a relay while the holder is frozen
        await second.logged("lock taken", within=LEASE_TTL + 10)
        takeover = time.monotonic() - frozen_at
        print(f"standby took the lease {takeover:.2f} s after SIGSTOP (lease {LEASE_TTL} s)")
        await wait_for_messages(nats_url, names.stream, 600, within=20)

        first.thaw()
        await first.logged("lease lost")
        await first.logged("another relay holds the lock")
        await writer.write(TABLES, 50)
        await wait_for_messages(nats_url, names.stream, 900, within=20)
        assert first.terminate() == 0, first.output()
        assert second.terminate() == 0, second.output()

    # The lease can be taken no sooner than its time limit after the last renewal (at
    # most a quarter of it before the freeze), nor much later than that plus a retry.
    assert LEASE_TTL * 0.75 - 0.1 <= takeover <= LEASE_TTL + 3, takeover
    assert "lock taken" not in first.output().split("lease lost", 1)[1]
    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))


async def _relay_then_lose_the_stream(
    start_relay: Callable[..., RelayProcess], writer: LogWriter, nats_url: str, names: Names
) -> None:
    """60 events written and relayed (``--once``), then the stream deleted."""
    await writer.write(TABLES, 10)
    once = start_relay("--once")
    assert once.wait() == 0, once.output()
    client = await nats.connect(nats_url)
    try:
        await client.jetstream().delete_stream(names.stream)
    finally:
        await client.close()


async def test_president_relay_from_position_republishes_the_log_into_a_deleted_stream(
    start_relay: Callable[..., RelayProcess], log_url: str, nats_url: str, names: Names
) -> None:
    async with await PostgresEventStore.connect(log_url, max_size=6) as store:
        await _relay_then_lose_the_stream(start_relay, LogWriter(store), nats_url, names)

    again = start_relay("--once", "--from-position", "1")

    assert again.wait() == 0, again.output()
    assert "published 60 events" in again.output()
    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))


async def test_president_relay_from_position_without_once_republishes_then_goes_on(
    start_relay: Callable[..., RelayProcess], log_url: str, nats_url: str, names: Names
) -> None:
    async with await PostgresEventStore.connect(log_url, max_size=6) as store:
        writer = LogWriter(store)
        await _relay_then_lose_the_stream(start_relay, writer, nats_url, names)

        relay = start_relay("--from-position", "1")  # `president serve relay`'s process
        await wait_for_messages(nats_url, names.stream, 60, within=20)
        await writer.write(TABLES, 5)
        await wait_for_messages(nats_url, names.stream, 90, within=20)
        assert relay.terminate() == 0, relay.output()

    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))
