"""Who sent a request: the identity nats-server attests in ``Nats-Request-Info`` on the
command account's service import, never what the client wrote."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field

import orjson

from president.bus.auth import ROLES

REQUEST_INFO = "Nats-Request-Info"
"""The header nats-server stamps on a request crossing a service import."""


@dataclass(frozen=True)
class Requester:
    """An identity on the bus: its user name (``table``, ``acme-integrator``) and role."""

    user: str
    role: str | None = field(init=False, compare=False, repr=False)
    """The role of the user (``integrator`` for ``acme-integrator``), None if unknown."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "role", _role_of(self.user))


@functools.lru_cache(maxsize=4096)
def _role_of(user: str) -> str | None:
    for role in ROLES:
        if user == role or user.endswith(f"-{role}"):
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
        info = orjson.loads(raw)
    except ValueError:
        return None
    user = info.get("user") if isinstance(info, dict) else None
    return _requester(user) if isinstance(user, str) and user else None


@functools.lru_cache(maxsize=4096)
def _requester(user: str) -> Requester:
    """The :class:`Requester` of ``user``, one for its every request (the last 4096 users'
    kept: a requester is frozen, so its requests share it)."""
    return Requester(user)
