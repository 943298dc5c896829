"""The AI worker's continuous pull on a real JetStream: never more than its concurrency in
hand (the rest stays in the queue, for another worker), and what it holds when it stops
goes at once to the next worker."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import nats
import pytest
from nats.aio.client import Client
from president.bus.streams import ai_stream, ensure_stream
from president.contract import Subjects
from president_tools.infra.nats import EmbeddedNats

from services.ai_worker import consumer as consumer_module
from services.ai_worker.consumer import WorkQueueConsumer
from services.ai_worker.worker import Outcome
from tests.fixtures.servers import TestServers
from tests.support.waiting import eventually


@pytest.fixture
async def worker_nats(servers: TestServers) -> AsyncIterator[Client]:
    connection = await nats.connect(servers.url_for("ai-worker"), inbox_prefix="_INBOX.ai-worker")
    yield connection
    await connection.close()


class Held:
    """A handler that holds every request until released."""

    def __init__(self) -> None:
        self.seen: list[bytes] = []
        self.release = asyncio.Event()

    async def __call__(self, raw: bytes, interactive: bool) -> Outcome:
        self.seen.append(raw)
        await self.release.wait()
        return Outcome.ACK


async def _queue_of(client: Client, prefix: str, count: int) -> Subjects:
    """The work queue of ``prefix`` with ``count`` requests in it."""
    subjects = Subjects(prefix)
    js = client.jetstream()
    await ensure_stream(js, ai_stream(subjects))
    for n in range(count):
        await js.publish(subjects.ai_decide, f"request {n}".encode())
    return subjects


async def _pending(client: Client, subjects: Subjects) -> tuple[int, int]:
    info = await client.jetstream().consumer_info(subjects.ai_stream, subjects.ai_consumer)
    return info.num_pending or 0, info.num_ack_pending or 0


async def test_it_holds_no_more_than_its_concurrency_and_takes_the_rest_as_slots_free(
    client: Client, worker_nats: Client, unique_prefix: str
) -> None:
    subjects = await _queue_of(client, unique_prefix, 20)
    handle = Held()
    consumer = WorkQueueConsumer(worker_nats, subjects, handle, concurrency=3, ack_wait=30.0)
    await consumer.start()
    try:

        async def three_in_hand() -> bool:
            return len(handle.seen) == 3 and await _pending(client, subjects) == (17, 3)

        await eventually(three_in_hand)
        await asyncio.sleep(0.3)
        assert len(handle.seen) == 3  # no more than that came, however long it waits

        # the batch queue, empty, says it is alive with its first heartbeat
        await eventually(lambda: consumer.pulling, what="both queues pulling")

        handle.release.set()

        async def all_done() -> bool:
            return len(handle.seen) == 20 and await _pending(client, subjects) == (0, 0)

        await eventually(all_done)
        assert sorted(handle.seen) == sorted(f"request {n}".encode() for n in range(20))
    finally:
        await consumer.stop(grace=0.5)


async def test_what_it_holds_when_it_stops_goes_at_once_to_the_next_worker(
    client: Client, worker_nats: Client, unique_prefix: str
) -> None:
    subjects = await _queue_of(client, unique_prefix, 5)
    first, second = Held(), Held()
    second.release.set()
    consumer = WorkQueueConsumer(worker_nats, subjects, first, concurrency=2, ack_wait=30.0)
    await consumer.start()

    async def two_in_hand() -> bool:
        return len(first.seen) == 2

    await eventually(two_in_hand)
    await consumer.stop(grace=0.1)
    successor = WorkQueueConsumer(worker_nats, subjects, second, concurrency=8, ack_wait=30.0)
    await successor.start()
    try:

        async def all_done() -> bool:  # long before the 30 s ack_wait
            return len(second.seen) == 5 and await _pending(client, subjects) == (0, 0)

        await eventually(all_done, within=5.0)
        assert set(first.seen) <= set(second.seen)
    finally:
        await successor.stop(grace=0.5)


async def test_expired_pull_requests_are_renewed_and_a_later_request_still_comes(
    client: Client,
    worker_nats: Client,
    unique_prefix: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(consumer_module, "PULL_EXPIRES", 0.4)
    monkeypatch.setattr(consumer_module, "HEARTBEAT", 0.15)
    subjects = await _queue_of(client, unique_prefix, 0)
    handle = Held()
    handle.release.set()
    consumer = WorkQueueConsumer(worker_nats, subjects, handle, concurrency=4, ack_wait=30.0)
    await consumer.start()
    try:
        await asyncio.sleep(2.0)  # several requests expire (408) meanwhile, none silent
        await client.jetstream().publish(subjects.ai_decide, b"late request")

        async def handled() -> bool:
            return handle.seen == [b"late request"]

        await eventually(handled, within=1.0)
        assert consumer.pulling
        # Each expiry said what it still held, and was renewed at once: none went silent.
        assert "went silent" not in caplog.text
    finally:
        await consumer.stop(grace=0.5)


async def test_after_the_server_restarts_it_asks_again_and_takes_new_requests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(consumer_module, "HEARTBEAT", 0.2)
    server = EmbeddedNats(tmp_path / "nats", auth=False)
    url = server.start()
    worker = await nats.connect(url, max_reconnect_attempts=-1, reconnect_time_wait=0.2)
    harness = await nats.connect(url, max_reconnect_attempts=-1, reconnect_time_wait=0.2)
    handle = Held()
    handle.release.set()
    try:
        subjects = await _queue_of(harness, "restart", 1)
        consumer = WorkQueueConsumer(worker, subjects, handle, concurrency=4, ack_wait=30.0)
        await consumer.start()

        async def first_handled() -> bool:
            return handle.seen == [b"request 0"]

        await eventually(first_handled)
        server.stop()  # the open pull requests die with it (JetStream keeps the queue)
        server.start()
        for _ in range(50):  # until the harness is back too
            try:
                await harness.jetstream().publish(
                    subjects.ai_decide, b"after the restart", headers={"Nats-Msg-Id": "after"}
                )  # a retry after a lost ack is dropped as a duplicate
                break
            except nats.errors.Error:
                await asyncio.sleep(0.2)

        async def second_handled() -> bool:
            return handle.seen == [b"request 0", b"after the restart"]

        await eventually(second_handled, within=15.0)
        assert "went silent" in caplog.text  # the silence was noticed, requests renewed
        await consumer.stop(grace=0.5)
    finally:
        await worker.close()
        await harness.close()
        server.stop()


async def test_an_interactive_request_is_taken_while_the_batch_fills_the_workers_room(
    client: Client, worker_nats: Client, unique_prefix: str
) -> None:
    subjects = Subjects(unique_prefix)
    js = client.jetstream()
    await ensure_stream(js, ai_stream(subjects))
    for n in range(10):
        await js.publish(subjects.ai_batch, f"batch {n}".encode())
    seen: list[tuple[bytes, bool]] = []
    release = asyncio.Event()

    async def handle(raw: bytes, interactive: bool) -> Outcome:
        seen.append((raw, interactive))
        if not interactive:
            await release.wait()  # the batch's decisions hold every slot of their queue
        return Outcome.ACK

    consumer = WorkQueueConsumer(worker_nats, subjects, handle, concurrency=3, ack_wait=30.0)
    await consumer.start()
    try:
        await eventually(lambda: len(seen) == 3, what="the batch holding the room")
        await js.publish(subjects.ai_decide, b"a person's game")

        await eventually(lambda: (b"a person's game", True) in seen, what="interactive taken")
        assert len([raw for raw, interactive in seen if not interactive]) == 3
    finally:
        release.set()
        await consumer.stop(grace=0.5)
