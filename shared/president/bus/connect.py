"""The one way a process of the backend connects to NATS.

Every process (services, relay, clients, tools) builds its connection options here, so
the servers, the identity, TLS and the reconnection policy are decided in one place.
``nats_options`` gives the keyword arguments that both ``nats.connect`` and FastStream's
``NatsBroker`` take; ``connect`` opens a nats-py client with them.
"""

from __future__ import annotations

from typing import Any

import nats
from nats.aio.client import Client


def server_list(nats_url: str) -> list[str]:
    """The servers of ``PRESIDENT_NATS_URL``: one URL or a comma-separated list."""
    servers = [part.strip() for part in nats_url.split(",") if part.strip()]
    if not servers:
        raise ValueError("no NATS server given")
    return servers


def nats_options(nats_url: str, name: str, **overrides: Any) -> dict[str, Any]:
    """Connection options for ``name`` (the connection's name on the server)."""
    options: dict[str, Any] = {"servers": server_list(nats_url), "name": name}
    options.update(overrides)
    return options


async def connect(nats_url: str, name: str, **overrides: Any) -> Client:
    """A nats-py client connected with :func:`nats_options`."""
    return await nats.connect(**nats_options(nats_url, name, **overrides))
