"""An identity on the bus and its role: who sent a request, as the command server reads it
(``president.bus.command_server.attested_requester``)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from president.bus.auth import ROLES


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
