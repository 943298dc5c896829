"""Who sent a request: the identity nats-server attests in ``Nats-Request-Info`` on the
command account's service import, never what the client wrote."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from president.bus.auth import ROLES

REQUEST_INFO = "Nats-Request-Info"
"""The header nats-server stamps on a request crossing a service import."""


@dataclass(frozen=True)
class Requester:
    """An identity on the bus: its user name (``table``, ``acme-integrator``) and role."""

    user: str

    @cached_property
    def role(self) -> str | None:
        """The role of the user (``integrator`` for ``acme-integrator``), None if unknown
        (found once per requester)."""
        for role in ROLES:
            if self.user == role or self.user.endswith(f"-{role}"):
                return role
        return None


def attested_requester(headers: Mapping[str, str] | None) -> Requester | None:
    """The user the server stamped on a request (``Nats-Request-Info``'s ``user``), None
    when the header is missing or names no user (see the module's note)."""
    if not headers:
        return None
    raw = headers.get(REQUEST_INFO)
    if raw is None:
        return None
    try:
        info = json.loads(raw)
    except ValueError:
        return None
    user = info.get("user") if isinstance(info, dict) else None
    return Requester(user) if isinstance(user, str) and user else None
