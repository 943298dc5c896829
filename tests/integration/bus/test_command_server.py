"""The command subscriber's slots go to the senders in turn: one identity's backlog of
admitted commands delays only itself, and is bounded (real NATS: the requests cross the
import into the command account, which attests each sender)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeoutError
from president.bus.command_server import CommandServer
from president.bus.connect import connect
from president.bus.identity import Requester
from president_tools.loadtest.flood import FLOOD_USER

from tests.fixtures.servers import HARNESS, TestServers
from tests.support.waiting import eventually

BUSY = b"busy"
WORK_SECONDS = 0.2


@pytest.fixture
async def clients(servers: TestServers) -> AsyncIterator[tuple[Client, Client, Client]]:
    """The responder (the table service's identity, in the command account), the harness
    (sends as one identity) and the flooding integrator."""
    responder = await connect(servers.url_for("table"), "command-server-test")
    harness = await connect(servers.url_for(HARNESS.name), "command-server-harness")
    flooder = await connect(servers.url_for(FLOOD_USER), "command-server-flooder")
    try:
        yield responder, harness, flooder
    finally:
        for client in (flooder, harness, responder):
            await client.close()


@asynccontextmanager
async def _serving(
    client: Client, prefix: str, max_queued: int, sender: Client
) -> AsyncIterator[str]:
    """A command server of one slot on a subject of ``prefix`` (yielded) while in use, once
    ``sender``'s requests reach it (the interest crosses the command account's import
    asynchronously: a request sent before gets no responder)."""
    subject = f"{prefix}.cmd.table.Test"

    async def run(command: bytes, requester: Requester | None) -> bytes:
        assert requester is not None  # attested by the server
        if command == PROBE:
            return b"ready"
        await asyncio.sleep(WORK_SECONDS)  # a command that takes a slot for a while
        return b"done " + command

    server = CommandServer(
        client,
        subject,
        "command-server-test",
        lambda subject, data, requester: ("admitted", data),
        lambda subject, admitted, requester: run(admitted[1], requester),
        max_workers=1,
        service="test",
        busy=BUSY,
        max_queued=max_queued,
    )
    await server.start()
    await client.flush()
    await _reached(sender, subject)
    try:
        yield subject
    finally:
        await server.stop(grace=5)


PROBE = b"probe"


async def _reached(sender: Client, subject: str) -> None:
    """Once a request on ``subject`` is answered (asked again as a client does)."""

    async def answered() -> bool:
        try:
            await sender.request(subject, PROBE, timeout=1)
        except (NoRespondersError, NatsTimeoutError):
            return False
        return True

    await eventually(answered, 10, f"an answer on {subject}")


def _backlog(flooder: Client, subject: str, count: int) -> list[asyncio.Task[Msg]]:
    """``count`` requests of the flooding identity, sent at once."""
    return [
        asyncio.create_task(flooder.request(subject, b"junk %d" % i, timeout=10))
        for i in range(count)
    ]


async def test_another_identitys_backlog_delays_a_request_by_one_command_at_most(
    clients: tuple[Client, Client, Client], unique_prefix: str
) -> None:
    responder, harness, flooder = clients
    async with _serving(responder, unique_prefix, max_queued=100, sender=flooder) as subject:
        backlog = _backlog(flooder, subject, 10)
        await flooder.flush()
        await asyncio.sleep(0.05)  # the backlog is in line before the move
        started = time.perf_counter()
        reply = await harness.request(subject, b"move", timeout=10)
        waited = time.perf_counter() - started
        assert reply.data == b"done move"
        # First come, first served it would wait for the ten (2 s); in turn, for the
        # one running and at most one more.
        assert waited < 4 * WORK_SECONDS, waited
        replies = await asyncio.gather(*backlog)
        assert sorted(r.data for r in replies) == sorted(b"done junk %d" % i for i in range(10))


async def test_a_client_identity_may_have_so_many_commands_waiting(
    clients: tuple[Client, Client, Client], unique_prefix: str
) -> None:
    responder, _, flooder = clients
    async with _serving(responder, unique_prefix, max_queued=3, sender=flooder) as subject:
        replies = [r.data for r in await asyncio.gather(*_backlog(flooder, subject, 6))]
        # One running, three waiting, the other two refused at once.
        assert replies.count(BUSY) == 2, replies
        assert len([r for r in replies if r.startswith(b"done")]) == 4
