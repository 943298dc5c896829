"""The browsers' door to the NATS WebSocket listener, on loopback sockets in front of a
stand-in for nats-server that answers each upgrade with INFO, then PONG or the refusal."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest

from services.web.callout import BadTickets
from services.web.clients import trusted_networks
from services.web.door import Door, Upstream, forwarded_for

HEAD = b"GET / HTTP/1.1\r\nHost: x\r\nOrigin: http://page\r\nUpgrade: websocket\r\n\r\n"
INFO = b"HTTP/1.1 101 Switching Protocols\r\n\r\n\x81\x06INFO {}"


@dataclass
class StandIn:
    """Answers the ticket ``good`` with PONG then echoes; any other with the refusal."""

    heads: list[bytes] = field(default_factory=list)
    port: int = 0

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.heads.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(INFO)
        ticket = await reader.readline()
        if ticket == b"good\n":
            writer.write(b"\x81\x06PONG\r\n")
            while data := await reader.read(1024):
                writer.write(data)
        else:
            writer.write(b"\x81\x20-ERR 'Authorization Violation'\r\n")
        await writer.drain()
        writer.close()


@pytest.fixture
async def stand_in() -> AsyncIterator[StandIn]:
    stand_in = StandIn()
    server = await asyncio.start_server(stand_in.serve, "127.0.0.1", 0)
    stand_in.port = server.sockets[0].getsockname()[1]
    yield stand_in
    server.close()


async def _door(stand_in: StandIn, burst: int = 2, trusted: str = "") -> tuple[Door, int]:
    door = Door(
        Upstream.parse(f"ws://127.0.0.1:{stand_in.port}"),
        BadTickets(per_s=0.001, burst=burst),
        trusted_networks(trusted),
    )
    return door, await door.start("127.0.0.1", 0)


async def _visit(port: int, ticket: bytes, head: bytes = HEAD) -> bytes:
    """What a visitor presenting ``ticket`` reads until the door or the server closes
    (a good one: until its own bytes come back)."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except ConnectionResetError:
        return b"<reset>"
    received = b""
    try:
        writer.write(head + ticket + b"\n" + (b"echo me" if ticket == b"good" else b""))
        while not (ticket == b"good" and received.endswith(b"echo me")):
            chunk = await asyncio.wait_for(reader.read(1024), 10)
            if not chunk:
                break
            received += chunk
    except ConnectionResetError:
        return b"<reset>"
    finally:
        writer.close()
    return received


async def test_an_address_over_its_budget_is_reset_before_the_server_hears_of_it(
    stand_in: StandIn,
) -> None:
    door, port = await _door(stand_in, burst=2)
    try:
        for _ in range(2):
            assert b"'Authorization Violation'" in await _visit(port, b"bad")
        assert await _visit(port, b"bad") in (b"<reset>", b"")
        assert await _visit(port, b"good") in (b"<reset>", b"")  # until the bucket refills
        assert len(stand_in.heads) == 2
        assert door.refused == 2
    finally:
        await door.stop()


async def test_a_good_ticket_is_relayed_both_ways_and_spends_no_budget(
    stand_in: StandIn,
) -> None:
    door, port = await _door(stand_in, burst=1)
    try:
        for _ in range(3):
            received = await _visit(port, b"good")
            assert b"PONG" in received and received.endswith(b"echo me")
        assert stand_in.heads == [HEAD] * 3  # the upgrade request as the browser sent it
        assert door.refused == 0
    finally:
        await door.stop()


async def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_budget(
    stand_in: StandIn,
) -> None:
    door, port = await _door(stand_in, burst=1, trusted="127.0.0.1/32")
    flooder = HEAD.replace(b"\r\n\r\n", b"\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n")
    visitor = HEAD.replace(b"\r\n\r\n", b"\r\nX-Forwarded-For: 198.51.100.7\r\n\r\n")
    try:
        assert b"'Authorization Violation'" in await _visit(port, b"bad", flooder)
        assert (await _visit(port, b"bad", flooder)).startswith(b"HTTP/1.1 429")
        assert b"PONG" in await _visit(port, b"good", visitor)
        assert door.refused == 1
    finally:
        await door.stop()


def test_the_forwarded_addresses_are_read_from_every_header_line() -> None:
    head = b"GET / HTTP/1.1\r\nx-forwarded-for: 1.2.3.4\r\nX-Forwarded-For: 5.6.7.8, 9.9.9.9"
    assert forwarded_for(head) == "1.2.3.4, 5.6.7.8, 9.9.9.9"
    assert forwarded_for(HEAD) is None
