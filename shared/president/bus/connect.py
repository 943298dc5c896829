"""The one way a process of the backend connects to NATS.

Every process (services, relay, clients, tools) builds its connection options here, so
the servers, the identity, TLS and the reconnection policy are decided in one place.
``nats_options`` gives the keyword arguments that both ``nats.connect`` and FastStream's
``NatsBroker`` take; ``connect`` opens a nats-py client with them.

Identity: ``NatsCredentials`` (from PRESIDENT_NATS_USER / PRESIDENT_NATS_PASSWORD and the
TLS files, ``NatsCredentials.from_settings``), or a user and password written in the URL
(``nats://user:password@host:4222``). Either way the connection's inbox prefix is the
user's own (``_INBOX.<user>``, see ``president.bus.auth``): the server lets only that user
subscribe there, so no identity reads another's replies.
"""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

import nats
from nats.aio.client import Client

from president.bus.auth import inbox_prefix
from president.settings import Settings


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
    **overrides: Any,
) -> dict[str, Any]:
    """Connection options for ``name`` (the connection's name on the server)."""
    servers: list[str] = []
    user = credentials.user if credentials is not None else None
    password = credentials.password if credentials is not None else None
    for url in server_list(nats_url):
        bare, url_user, url_password = _split_user(url)
        servers.append(bare)
        if user is None and url_user is not None:
            user, password = url_user, url_password
    options: dict[str, Any] = {"servers": servers, "name": name}
    if user is not None:
        options.update(user=user, password=password or "", inbox_prefix=inbox_prefix(user))
    context = tls_context(credentials) if credentials is not None else None
    if context is not None:
        options["tls"] = context
    options.update(overrides)
    return options


async def connect(
    nats_url: str, name: str, credentials: NatsCredentials | None = None, **overrides: Any
) -> Client:
    """A nats-py client connected with :func:`nats_options`."""
    return await nats.connect(**nats_options(nats_url, name, credentials, **overrides))


def broker_options(
    nats_url: str,
    name: str,
    credentials: NatsCredentials | None = None,
    **overrides: Any,
) -> dict[str, Any]:
    """:func:`nats_options` in the form FastStream's ``NatsBroker`` takes: the identity
    and TLS context as its ``security`` object, the rest as they are."""
    from faststream.nats import NatsUserPassword
    from faststream.security import BaseSecurity

    options = nats_options(nats_url, name, credentials, **overrides)
    user, password = options.pop("user", None), options.pop("password", None)
    context = options.pop("tls", None)
    if user is not None:
        options["security"] = NatsUserPassword(user, password or "", ssl_context=context)
    elif context is not None:
        options["security"] = BaseSecurity(ssl_context=context)
    return options
