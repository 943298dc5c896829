"""The one way a process of the backend connects to NATS: servers, identity, TLS, the
user's own inbox prefix and reconnection for as long as it takes."""

from __future__ import annotations

import logging
import random
import ssl
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit, urlunsplit

from nats.aio.client import Client, Server

from president.bus.auth import inbox_prefix
from president.bus.quick_client import QuickClient
from president.settings import Settings

log = logging.getLogger(__name__)

PING_INTERVAL = 5
"""Seconds between pings: a server that stopped answering (frozen, partitioned) is
dropped after ``MAX_OUTSTANDING_PINGS`` of them (nats-py's default: 2 minutes each)."""
MAX_OUTSTANDING_PINGS = 3
ERROR_LOG_INTERVAL = 10.0
"""The same connection error is logged at most once in this many seconds."""


@dataclass(frozen=True)
class NatsCredentials:
    """Who this process is on the bus, and how it checks the server's certificate."""

    user: str | None = None
    password: str | None = None
    tls_ca: Path | None = None
    tls_cert: Path | None = None
    tls_key: Path | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> NatsCredentials:
        return cls(
            user=settings.nats_user,
            password=settings.nats_password,
            tls_ca=settings.nats_tls_ca,
            tls_cert=settings.nats_tls_cert,
            tls_key=settings.nats_tls_key,
        )

    @classmethod
    def for_commands(cls, settings: Settings) -> NatsCredentials | None:
        """The identity of a service's command subscriber in the command account
        (PRESIDENT_NATS_COMMANDS_USER / ..._PASSWORD, same TLS files), None if unset."""
        if settings.nats_commands_user is None:
            return None
        own = cls.from_settings(settings)
        return replace(
            own, user=settings.nats_commands_user, password=settings.nats_commands_password
        )

    def __repr__(self) -> str:  # never print the password
        return f"NatsCredentials(user={self.user!r}, tls_ca={self.tls_ca!r})"


def server_list(nats_url: str) -> list[str]:
    """The servers of ``PRESIDENT_NATS_URL``: one URL or a comma-separated list."""
    servers = [part.strip() for part in nats_url.split(",") if part.strip()]
    if not servers:
        raise ValueError("no NATS server given")
    return servers


def _split_user(url: str) -> tuple[str, str | None, str | None]:
    """``url`` without its user info, and that user and password (None when absent)."""
    parts = urlsplit(url)
    if parts.username is None:
        return url, None, None
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port is not None else host
    bare = urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    password = None if parts.password is None else unquote(parts.password)
    return bare, unquote(parts.username), password


@dataclass(frozen=True)
class ReconnectPolicy:
    """Capped exponential backoff with jitter, across every server of the list.

    Attempt ``n`` (0 first) waits a uniform time in ``[w/2, w]`` with
    ``w = min(max_wait, first_wait * 2**n)``, so that a fleet of clients does not come
    back in lock step. ``max_attempts`` per server, -1 for ever.
    """

    first_wait: float = 0.1
    max_wait: float = 5.0
    max_attempts: int = -1

    @classmethod
    def of(cls, settings: Settings) -> ReconnectPolicy:
        """The policy of ``PRESIDENT_NATS_RECONNECT_WAIT``, ``..._WAIT_MAX`` and
        ``PRESIDENT_NATS_MAX_RECONNECT_ATTEMPTS``."""
        return cls(
            first_wait=settings.nats_reconnect_wait,
            max_wait=settings.nats_reconnect_wait_max,
            max_attempts=settings.nats_max_reconnect_attempts,
        )

    def wait(self, attempt: int) -> float:
        """Seconds to wait before attempt ``attempt`` (0-based), jittered."""
        ceiling = min(self.max_wait, self.first_wait * 2 ** min(attempt, 32))
        return random.uniform(ceiling / 2, ceiling)

    def choose(self, servers: list[Server], _info: dict[str, Any]) -> tuple[Server, float]:
        """nats-py's ``reconnect_to_server_handler``: the least tried server, and the wait."""
        server = min(servers, key=lambda candidate: candidate.reconnects)
        return server, self.wait(server.reconnects)


class ConnectionWatch(Protocol):
    """What a process wants to hear about its NATS connection."""

    async def disconnected(self) -> None: ...

    async def reconnected(self) -> None: ...

    async def closed(self) -> None: ...


def tls_context(credentials: NatsCredentials) -> ssl.SSLContext | None:
    """A client TLS context that verifies the server against ``tls_ca`` (None: no TLS
    configured; a ``tls://`` URL then verifies against the system's CAs)."""
    if credentials.tls_ca is None and credentials.tls_cert is None:
        return None
    context = ssl.create_default_context(
        cafile=None if credentials.tls_ca is None else str(credentials.tls_ca)
    )
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if credentials.tls_cert is not None:
        context.load_cert_chain(
            str(credentials.tls_cert),
            None if credentials.tls_key is None else str(credentials.tls_key),
        )
    return context


def nats_options(
    nats_url: str,
    name: str,
    credentials: NatsCredentials | None = None,
    *,
    policy: ReconnectPolicy | None = None,
    watch: ConnectionWatch | None = None,
    **overrides: Any,
) -> dict[str, Any]:
    """Connection options for ``name`` (the connection's name on the server).

    ``policy`` (default: reconnect for ever) and ``watch`` (callbacks of the process);
    ``overrides`` win over everything (the relay's publisher turns reconnection off)."""
    servers: list[str] = []
    user = credentials.user if credentials is not None else None
    password = credentials.password if credentials is not None else None
    for url in server_list(nats_url):
        bare, url_user, url_password = _split_user(url)
        servers.append(bare)
        if user is None and url_user is not None:
            user, password = url_user, url_password
    policy = policy or ReconnectPolicy()
    options: dict[str, Any] = {
        "servers": servers,
        "name": name,
        "max_reconnect_attempts": policy.max_attempts,
        # Only the first connection uses it (between rounds over the servers); later
        # reconnections take their wait from the handler.
        "reconnect_time_wait": min(1.0, policy.max_wait),
        "reconnect_to_server_handler": policy.choose,
        "ping_interval": PING_INTERVAL,
        "max_outstanding_pings": MAX_OUTSTANDING_PINGS,
        "error_cb": _error_log(name),
    }
    if watch is not None:
        options["disconnected_cb"] = watch.disconnected
        options["reconnected_cb"] = watch.reconnected
        options["closed_cb"] = watch.closed
    if user is not None:
        options.update(user=user, password=password or "", inbox_prefix=inbox_prefix(user))
    context = tls_context(credentials) if credentials is not None else None
    if context is not None:
        options["tls"] = context
    options.update(overrides)
    return options


async def connect(
    nats_url: str,
    name: str,
    credentials: NatsCredentials | None = None,
    *,
    policy: ReconnectPolicy | None = None,
    watch: ConnectionWatch | None = None,
    **overrides: Any,
) -> QuickClient:
    """A nats-py client connected with :func:`nats_options`
    (:class:`president.bus.quick_client.QuickClient`)."""
    client = QuickClient()
    await client.connect(
        **nats_options(nats_url, name, credentials, policy=policy, watch=watch, **overrides)
    )
    return client


def server_authenticates(client: Client) -> bool:
    """Whether the server ``client`` is connected to requires authentication (its INFO's
    ``auth_required``): then it has accounts, and stamps requests crossing an import."""
    return bool(client._server_info.get("auth_required", False))


def _error_log(
    name: str, clock: Callable[[], float] = time.monotonic
) -> Callable[[Exception], Awaitable[None]]:
    """nats-py's ``error_cb``: one line per error (its default logs a traceback for every
    failed attempt), the same error at most once every ``ERROR_LOG_INTERVAL`` seconds."""
    last: list[tuple[str, float]] = []

    async def error_cb(error: Exception) -> None:
        text = f"{type(error).__name__}: {error}".rstrip(": ")
        now = clock()
        if not last or last[0][0] != text or now - last[0][1] >= ERROR_LOG_INTERVAL:
            last[:] = [(text, now)]
            log.warning("nats %s: %s", name, text)

    return error_cb
