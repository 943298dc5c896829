"""A NATS login spoken by hand, to read what the server itself says to a client it refuses.

nats-py is no witness here: the server refuses a login of no static identity when its auth
callout's wait (2 s) ends, and its first keepalive ``PING`` to a client comes 2 s plus up to
20 % after the ``CONNECT``. When the ``PING`` comes first (a loaded machine delays the
refusal by a few milliseconds), ``nats.connect`` takes it for the end of the handshake (its
own FIXME, "Handle PING/PONG arriving first") and returns a client that was never let in;
the refusal then closes it. The server's side is what matters: it never answers the
client's ``PING`` and never reads what the client sent after its ``CONNECT``."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass
class LoginRefused:
    """What the server sent after the ``CONNECT``, up to its refusal."""

    error: str
    """The ``-ERR`` text, without its quotes."""
    lines: list[str] = field(default_factory=list)
    """Every line read, the keepalive ``PING`` included."""


async def refused_login(
    url: str, *, user: str | None = None, password: str | None = None, after: bytes = b""
) -> LoginRefused:
    """Log in to ``url`` (no ``user``: anonymous), ``PING``, send ``after`` (say, a ``SUB``
    and a ``PUB``), then read up to the first line that is not the server's keepalive.
    Fails unless that line is the refusal (``-ERR``): never a ``PONG``, ``+OK`` or ``MSG``."""
    address = urlsplit(url)
    assert address.hostname is not None and address.port is not None, url
    reader, writer = await asyncio.open_connection(address.hostname, address.port)
    lines: list[str] = []
    try:
        info = await asyncio.wait_for(reader.readline(), 10)
        assert info.startswith(b"INFO "), info
        login: dict[str, object] = {"verbose": False, "pedantic": False, "protocol": 1}
        if user is not None:
            login |= {"user": user, "pass": password or ""}
        writer.write(b"CONNECT " + json.dumps(login).encode() + b"\r\nPING\r\n" + after)
        await writer.drain()
        while line := await asyncio.wait_for(reader.readline(), 10):
            lines.append(line.decode().rstrip("\r\n"))
            if lines[-1] != "PING":
                break  # the refusal, or whatever the server should not have said
    except ConnectionResetError:
        pass  # the server closed with our bytes unread: the reset may come before its EOF
    finally:
        writer.close()
    *keepalive, last = lines
    assert set(keepalive) <= {"PING"}, lines
    assert last.startswith("-ERR '") and last.endswith("'"), lines
    return LoginRefused(last[len("-ERR '") : -1], lines)
