"""Consumers with the tracking-row helper: a redelivered message acts once."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import asyncpg
import nats
import pytest
from nats.aio.msg import Msg
from nats.js.api import AckPolicy, ConsumerConfig
from president.store.postgres import PostgresEventStore
from president.store.tracking import PostgresTracking

from services.relay import Delivery, Relay, deliver_once, handle_once

from .checks import logged_events
from .conftest import Names
from .log import append_events

EVENTS = 12
ACK_WAIT = 0.2

Fetch = Callable[[], Awaitable[Msg]]


async def _record(connection: asyncpg.Connection, delivery: Delivery) -> str:
    await connection.execute("INSERT INTO effects (event_id) VALUES ($1)", delivery.event_id)
    return delivery.event_id


@pytest.fixture
async def tracking(log_url: str, nats_url: str, names: Names) -> AsyncIterator[PostgresTracking]:
    """The log holds ``EVENTS`` events, all relayed; ``effects`` records what consumers do."""
    await append_events(log_url, ["a", "b", "c"], EVENTS // 3)
    raw = names.raw
    await Relay(log_url, nats_url, names.stream, route=raw.route, subjects=raw.subjects).run_once()
    async with await PostgresEventStore.connect(log_url) as store:
        await store.pool.execute("CREATE TABLE effects (event_id text NOT NULL)")
        yield store.tracking


@pytest.fixture
async def next_message(nats_url: str, names: Names) -> AsyncIterator[Fetch]:
    """Fetch the next message of a durable consumer that redelivers after ``ACK_WAIT``."""
    client = await nats.connect(nats_url)
    subscription = await client.jetstream().pull_subscribe(
        f"{names.prefix}.events.>",
        durable="effects",
        stream=names.stream,
        config=ConsumerConfig(ack_policy=AckPolicy.EXPLICIT, ack_wait=ACK_WAIT, max_ack_pending=1),
    )

    async def fetch() -> Msg:
        [message] = await subscription.fetch(1, timeout=5)
        return message

    yield fetch
    await client.close()


async def _effects(log_url: str) -> list[str]:
    connection = await asyncpg.connect(log_url)
    try:
        return [row[0] for row in await connection.fetch("SELECT event_id FROM effects")]
    finally:
        await connection.close()


async def test_a_message_redelivered_after_its_effect_committed_acts_once(
    tracking: PostgresTracking, next_message: Fetch, log_url: str
) -> None:
    outcomes: list[bool] = []
    while len(outcomes) < EVENTS:
        message = await next_message()
        if message.metadata.num_delivered == 1 and len(outcomes) % 2 == 0:
            # the effect commits, then the consumer dies before acking
            await deliver_once(
                tracking,
                "effects",
                Delivery.of(message.subject, message.data, message.headers),
                _record,
            )
            continue
        acted, _ = await handle_once(tracking, "effects", message, _record)
        outcomes.append(acted)

    assert outcomes == [False, True] * (EVENTS // 2)
    assert sorted(await _effects(log_url)) == sorted(
        str(e.event_id) for e in await logged_events(log_url)
    )
    assert await tracking.position("effects") == (await logged_events(log_url))[-1].position


async def test_an_effect_that_fails_is_delivered_again_and_acts_once(
    tracking: PostgresTracking, next_message: Fetch, log_url: str
) -> None:
    failed: set[str] = set()

    async def flaky(connection: asyncpg.Connection, delivery: Delivery) -> str:
        await _record(connection, delivery)
        if delivery.event_id not in failed:
            failed.add(delivery.event_id)
            raise RuntimeError("effect failed after writing")
        return delivery.event_id

    done: list[str] = []
    while len(done) < EVENTS:
        message = await next_message()
        try:
            acted, result = await handle_once(tracking, "effects", message, flaky)
        except RuntimeError:
            continue
        assert acted and result is not None
        done.append(result)

    assert sorted(await _effects(log_url)) == sorted(done)
    assert len(set(done)) == EVENTS
