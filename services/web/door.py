"""The browsers' door to the NATS WebSocket listener (issue 34): relays every connection
byte for byte, and resets those of an address over its budget of bad tickets before
nats-server sees them (docs/security.md, "A flood of bad tickets")."""

from __future__ import annotations

import asyncio
import logging
import socket
import ssl
import struct
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from urllib.parse import urlsplit

from services.web.callout import BadTickets
from services.web.clients import Network, client_address, is_trusted

log = logging.getLogger(__name__)

BACKLOG = 1024
"""Connections the kernel queues for the door, and the most it takes at one readiness."""
_RESET = struct.pack("ii", 1, 0)
"""SO_LINGER on, 0 s: ``close`` resets the connection (no FIN handshake, no TIME_WAIT)."""
HEAD_MAX = 8192
"""Bytes an upgrade request's head may take (the door's memory per visitor)."""
HEAD_TIMEOUT_S = 5.0
"""Seconds a visitor has to send its upgrade request's head."""
WATCH_BYTES = 4096
"""The server's first bytes looked at for its verdict on the ticket (INFO, then PONG or
the refusal)."""
REFUSAL = b"'Authorization Violation'"
ACCEPTED = b"PONG"
TOO_MANY = (
    b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 0\r\n"
    b"Connection: close\r\n\r\n"
)
BAD_GATEWAY = b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


@dataclass(frozen=True)
class Upstream:
    """The nats-server WebSocket listener behind the door (``ws://`` or ``wss://``)."""

    host: str
    port: int
    tls: ssl.SSLContext | None = None

    @classmethod
    def parse(cls, url: str, ca_file: str | None = None) -> Upstream:
        """The listener of ``url``; a ``wss://`` one verified against ``ca_file`` (None:
        the system's authorities)."""
        parts = urlsplit(url)
        secure = parts.scheme == "wss"
        if parts.scheme not in ("ws", "wss") or parts.hostname is None:
            raise ValueError(f"not a ws:// or wss:// URL: {url!r}")
        context = ssl.create_default_context(cafile=ca_file) if secure else None
        return cls(parts.hostname, parts.port or (443 if secure else 80), context)


@dataclass
class Door:
    """Relays browsers to ``upstream``, refusing the addresses over their budget of bad
    tickets (``bad``); ``trusted``: the proxies whose ``X-Forwarded-For`` names the client."""

    upstream: Upstream
    bad: BadTickets
    trusted: Sequence[Network] = ()
    clock: Callable[[], float] = time.time
    refused: int = 0
    """Visitors refused unrelayed (their address over its budget)."""
    relayed: int = 0
    _socket: socket.socket | None = field(default=None, repr=False)
    _loop: asyncio.AbstractEventLoop | None = field(default=None, repr=False)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set, repr=False)

    async def start(self, host: str, port: int) -> int:
        """Listen on ``host``:``port`` (0: a free port); the port."""
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self._socket = socket.create_server((host, port), family=family, backlog=BACKLOG)
        self._socket.setblocking(False)
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self._socket.fileno(), self._accept)
        return int(self._socket.getsockname()[1])

    async def stop(self) -> None:
        if self._socket is not None and self._loop is not None:
            self._loop.remove_reader(self._socket.fileno())
            self._socket.close()
            self._socket = None

    def _accept(self) -> None:
        """Take the connections waiting: an address over its budget is reset at once (no
        transport, no task, no byte read: a few microseconds), any other is relayed."""
        assert self._socket is not None and self._loop is not None
        for _ in range(BACKLOG):
            try:
                connection, peer = self._socket.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:  # out of descriptors: the next readiness retries
                log.warning("the door cannot accept: %s", error)
                return
            address = str(peer[0])
            if not is_trusted(address, self.trusted) and not self.admits(address):
                self.refused += 1
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET)
                connection.close()
                continue
            connection.setblocking(False)
            task = self._loop.create_task(self._relay(connection, address))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _relay(self, connection: socket.socket, address: str) -> None:
        assert self._loop is not None
        try:
            await self._loop.connect_accepted_socket(partial(_Visitor, self, address), connection)
        except OSError:
            connection.close()

    def admits(self, address: str) -> bool:
        return self.bad.allows(address, self.clock())

    def refused_ticket(self, address: str) -> None:
        self.bad.spend(address, self.clock())


def forwarded_for(head: bytes) -> str | None:
    """The ``X-Forwarded-For`` values of an HTTP request head, joined (None: none)."""
    values = []
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"x-forwarded-for":
            values.append(value.strip().decode("latin-1"))
    return ", ".join(values) if values else None


class _Visitor(asyncio.Protocol):
    """One browser connection: its upgrade request's head, then the relay."""

    def __init__(self, door: Door, address: str):
        self.door = door
        self.transport: asyncio.Transport | None = None
        self.upstream: asyncio.Transport | None = None
        self.address = address
        self.head = bytearray()
        self.timer: asyncio.TimerHandle | None = None
        self.connecting = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.timer = asyncio.get_running_loop().call_later(HEAD_TIMEOUT_S, transport.abort)

    def data_received(self, data: bytes) -> None:
        if self.upstream is not None:
            self.upstream.write(data)
            return
        self.head += data
        if self.connecting:
            return
        end = self.head.find(b"\r\n\r\n")
        if end < 0:
            if len(self.head) > HEAD_MAX:
                self._close()
            return
        if self.timer is not None:
            self.timer.cancel()
        self.address = client_address(
            self.address, forwarded_for(bytes(self.head[:end])), self.door.trusted
        )
        assert self.transport is not None
        if not self.door.admits(self.address):
            self.door.refused += 1
            self.transport.write(TOO_MANY)
            self.transport.close()
            return
        self.connecting = True
        self.transport.pause_reading()
        asyncio.get_running_loop().create_task(self._connect())

    async def _connect(self) -> None:
        upstream = self.door.upstream
        loop = asyncio.get_running_loop()
        assert self.transport is not None
        try:
            transport, _ = await loop.create_connection(
                lambda: _Server(self), upstream.host, upstream.port, ssl=upstream.tls
            )
        except OSError as error:
            log.warning("the door cannot reach nats-server: %s", error)
            self.transport.write(BAD_GATEWAY)
            self.transport.close()
            return
        if self.transport.is_closing():
            transport.close()
            return
        self.upstream = transport
        self.door.relayed += 1
        transport.write(bytes(self.head))
        self.head.clear()
        self.transport.resume_reading()

    def _close(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if self.upstream is not None:
            self.upstream.close()

    def pause_writing(self) -> None:
        if self.upstream is not None:
            self.upstream.pause_reading()

    def resume_writing(self) -> None:
        if self.upstream is not None:
            self.upstream.resume_reading()


class _Server(asyncio.Protocol):
    """nats-server's side of one relayed connection; its first bytes tell whether the
    visitor's ticket was refused."""

    def __init__(self, visitor: _Visitor):
        self.visitor = visitor
        self.transport: asyncio.Transport | None = None
        self.watched: bytearray | None = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        if self.watched is not None:
            self.watched += data
            if REFUSAL in self.watched:
                self.visitor.door.refused_ticket(self.visitor.address)
                self.watched = None
            elif ACCEPTED in self.watched or len(self.watched) > WATCH_BYTES:
                self.watched = None
        assert self.visitor.transport is not None
        self.visitor.transport.write(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.visitor.transport is not None:
            self.visitor.transport.close()

    def pause_writing(self) -> None:
        if self.visitor.transport is not None:
            self.visitor.transport.pause_reading()

    def resume_writing(self) -> None:
        if self.visitor.transport is not None:
            self.visitor.transport.resume_reading()
