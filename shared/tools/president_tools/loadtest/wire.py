"""The NATS client protocol spoken by hand (``WireConnection``: ``PUB`` out, ``MSG`` in),
for what the flood needs and nats-py will not do."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from urllib.parse import unquote, urlsplit

MAX_PAYLOAD_VIOLATION = "MAX_PAYLOAD_VIOLATION"
"""What the flood calls the server's own refusal of a message over its ``max_payload``
(``-ERR 'Maximum Payload Violation'``, then the connection closed)."""

PING_SECONDS = 10.0
"""How long :meth:`WireConnection.ping` waits for its ``PONG``."""

OnMessage = Callable[[str, bytes], None]


class WireConnection:
    """One NATS connection: ``PUB`` out, ``MSG`` in (to ``on_message(subject, payload)``),
    ``PING`` answered; the server's ``-ERR`` lines are kept in ``errors``."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self._reader = reader
        self._writer = writer
        self._pongs: asyncio.Queue[None] = asyncio.Queue()
        self._reading: asyncio.Task[None] | None = None
        self._on_message: OnMessage = lambda subject, payload: None
        self.errors: list[str] = []
        self.closed = asyncio.Event()
        """Set when the server closed the connection (or it failed)."""

    @classmethod
    async def open(cls, url: str, name: str, on_message: OnMessage | None = None) -> WireConnection:
        """Connect to the first server of ``url`` (``nats://user:password@host:port``, a
        comma list allowed) as ``name`` and wait until the server has taken the login."""
        parts = urlsplit(url.split(",")[0])
        if parts.scheme != "nats":
            raise ValueError(f"the flood speaks plain nats:// only, not {parts.scheme}://")
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port or 4222)
        connection = cls(reader, writer)
        if on_message is not None:
            connection._on_message = on_message
        await reader.readuntil(b"\r\n")  # INFO
        login = {
            "verbose": False,
            "pedantic": False,
            "name": name,
            "lang": "python",
            "version": "0",
        }
        if parts.username:
            login |= {"user": unquote(parts.username), "pass": unquote(parts.password or "")}
        writer.write(b"CONNECT " + json.dumps(login).encode() + b"\r\n")
        connection._reading = asyncio.create_task(connection._read())
        await connection.ping()
        if connection.errors:
            await connection.close()
            raise ConnectionError(f"the server refused the login: {connection.errors}")
        return connection

    def subscribe(self, subject: str, sid: int = 1) -> None:
        self._writer.write(f"SUB {subject} {sid}\r\n".encode())

    def publish(self, subject: str, payload: bytes, reply: str = "") -> None:
        """Queue one ``PUB`` frame (sent as the socket takes it; :meth:`ping` waits)."""
        head = (
            f"PUB {subject} {reply} {len(payload)}\r\n"
            if reply
            else f"PUB {subject} {len(payload)}\r\n"
        )
        self._writer.write(head.encode() + payload + b"\r\n")

    async def drain(self) -> None:
        """Wait until the socket has taken what was queued (raises once it is closed)."""
        await self._writer.drain()

    async def ping(self) -> None:
        """Send ``PING`` and wait for its ``PONG``: every frame before it was processed.
        Returns at once when the server closed the connection."""
        self._writer.write(b"PING\r\n")
        pong = asyncio.ensure_future(self._pongs.get())
        closed = asyncio.ensure_future(self.closed.wait())
        try:
            await asyncio.wait({pong, closed}, timeout=PING_SECONDS, return_when="FIRST_COMPLETED")
        finally:
            pong.cancel()
            closed.cancel()

    async def close(self) -> None:
        if self._reading is not None:
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reading
        self._writer.close()
        with contextlib.suppress(Exception):
            await self._writer.wait_closed()

    async def _read(self) -> None:
        reader = self._reader
        try:
            while True:
                line = await reader.readuntil(b"\r\n")
                if line.startswith(b"MSG "):
                    # MSG <subject> <sid> [reply-to] <#bytes>
                    fields = line[4:-2].split(b" ")
                    payload = await reader.readexactly(int(fields[-1]) + 2)
                    self._on_message(fields[0].decode(), payload[:-2])
                elif line.startswith(b"PING"):
                    self._writer.write(b"PONG\r\n")
                elif line.startswith(b"PONG"):
                    self._pongs.put_nowait(None)
                elif line.startswith(b"-ERR"):
                    self.errors.append(line[5:-2].decode(errors="replace").strip("'"))
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            self.closed.set()


async def publish_over_max_payload(
    url: str, name: str, subject: str, payload: bytes, reply: str
) -> str:
    """Publish ``payload`` (larger than the server's ``max_payload``) as a request on a
    connection of its own and return how the server answered: ``MAX_PAYLOAD_VIOLATION``
    when it refused it and closed the connection, else its error or ``NO_REPLY``."""
    connection = await WireConnection.open(url, name)
    try:
        with contextlib.suppress(ConnectionError, OSError):
            connection.publish(subject, payload, reply=reply)
            await connection.drain()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(connection.closed.wait(), 10.0)
    finally:
        await connection.close()
    if any("maximum payload" in error.lower() for error in connection.errors):
        return MAX_PAYLOAD_VIOLATION
    return connection.errors[0] if connection.errors else "NO_REPLY"
