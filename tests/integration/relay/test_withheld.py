"""No event can jam the relay: one the server refuses is withheld, the others go on."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import AsyncIterator

import nats
import pytest
from president.store import NewEvent
from president.store.postgres import PostgresEventStore

from services.relay import Relay, RelayOptions

from .checks import assert_holds_log_exactly_once, logged_events
from .conftest import Names
from .jetstream import read_stream, wait_for_messages
from .log import LogWriter

TWO_MIB = 2 * 1024 * 1024  # above the server's max_payload (1 MiB by default)


@pytest.fixture
async def relay(log_url: str, nats_url: str, names: Names) -> AsyncIterator[Relay]:
    stop = asyncio.Event()
    relay = Relay(
        log_url,
        nats_url,
        names.stream,
        route=names.raw.route,
        subjects=names.raw.subjects,
        prefix=names.prefix,
        options=RelayOptions(batch_size=10, poll_interval=0.2),
    )
    task = asyncio.create_task(relay.run(stop))
    yield relay
    stop.set()
    async with asyncio.timeout(10):
        await task


async def test_an_event_too_large_for_the_server_is_withheld_and_the_others_keep_flowing(
    relay: Relay, log_url: str, nats_url: str, names: Names
) -> None:
    async with await PostgresEventStore.connect(log_url) as store:
        writer = LogWriter(store)
        await writer.write(["table-a", "table-b"], 5)
        # A row appended to the log directly: its routed message exceeds max_payload.
        huge = NewEvent("Counted", {"n": 6, "blob": "x" * TWO_MIB})
        await store.append("table-a", [huge], expected_version=5)
        await writer.write(["table-b", "game-c"], 5)  # the others keep playing

    await wait_for_messages(nats_url, names.stream, 21, within=30)

    stored = await read_stream(nats_url, names.stream)
    logged = await logged_events(log_url)
    assert_holds_log_exactly_once(stored, logged)  # nothing lost, nothing out of order
    withheld = [m for m in stored if "President-Withheld" in m.headers]
    assert len(withheld) == 1 and relay.withheld == 1
    (reference,) = withheld
    assert reference.headers["President-Withheld"] == "too-large"
    assert reference.headers["President-Stream-Id"] == "table-a"
    body = json.loads(reference.payload)
    big = next(e for e in logged if e.stream_id == "table-a" and e.version == 6)
    assert body == {
        "schema_version": 1,
        "type": "EventWithheld",
        "event_id": str(big.event_id),
        "stream_id": "table-a",
        "version": 6,
        "position": big.position,
        "event_type": "Counted",
        "part": "1/1",
        "size": body["size"],
        "reason": "too-large",
    }
    assert body["size"] > TWO_MIB
    # Events committed after the withheld one were published after it.
    positions = [int(m.headers["President-Position"]) for m in stored]
    assert positions == sorted(positions) and positions[-1] > big.position


async def test_an_event_the_stream_keeps_refusing_is_retried_then_withheld(
    log_url: str, nats_url: str, names: Names
) -> None:
    relay = Relay(
        log_url,
        nats_url,
        names.stream,
        route=names.raw.route,
        subjects=names.raw.subjects,
        prefix=names.prefix,
        options=RelayOptions(
            batch_size=10,
            poll_interval=0.2,
            retry_interval=0.05,
            ack_timeout=1.0,
            withhold_after=3,
        ),
    )
    # The stream takes messages of 32 KiB at most: JetStream refuses a 40 KiB one, which
    # the server's max_payload would let through (a stream error, not a size check).
    client = await nats.connect(nats_url)
    try:
        config = dataclasses.replace(relay.spec.config(), max_msg_size=32 * 1024)
        await client.jetstream().add_stream(config)
    finally:
        await client.close()
    async with await PostgresEventStore.connect(log_url) as store:
        writer = LogWriter(store)
        await writer.write(["table-a"], 3)
        refused = NewEvent("Counted", {"n": 4, "blob": "x" * 40_000})
        await store.append("table-a", [refused], expected_version=3)
        await writer.write(["table-b"], 3)

    stop = asyncio.Event()
    task = asyncio.create_task(relay.run(stop))
    try:
        await wait_for_messages(nats_url, names.stream, 7, within=30)
    finally:
        stop.set()
        async with asyncio.timeout(10):
            await task

    stored = await read_stream(nats_url, names.stream)
    assert_holds_log_exactly_once(stored, await logged_events(log_url))
    (withheld,) = [m for m in stored if "President-Withheld" in m.headers]
    assert withheld.headers["President-Version"] == "4"
    assert withheld.headers["President-Withheld"].startswith("refused:")
    assert relay.withheld == 1
