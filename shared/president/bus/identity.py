"""Who sent a request: the identity the NATS server attests, never what the client wrote.

The command subscribers (table service, engine) live in a command account of their own
that exports the command subjects; the account of the clients imports them with ``share:
true`` (``president.bus.auth``). Every command therefore crosses a service import, where
nats-server sets the ``Nats-Request-Info`` header to the sender's account and user (and
connection name, address, ...), replacing any value the client wrote (nats-server
``server/client.go`` ``processServiceImport``, ``setHeader``). Nobody in the command
account may publish, so no request reaches a responder any other way. ``attested_requester``
reads that header: the requester of the rate limits, of ``requested_by`` /
``requested_by_role`` in the events ("who acted"), of the command ids (kept per sender:
``president.command_path.cycle``), of the reserved id namespaces
(``president.command_path.admission``) and of who may act for a seat
(``president.game.seats``).

The reply subject says nothing about the sender: a client may name another identity's
inbox as its reply subject (it then reads nothing, the answer goes to that inbox), and the
request is still charged to the client, by the server's account of who published it.

Without authentication (an open server, one account, no import) no request carries the
header: there is no identity to attest, and the services treat every request as
anonymous. A service that runs with a command-account identity drops a request without
the header (``president.bus.requests.CommandServer``): it cannot have crossed the import.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from president.bus.auth import ROLES

REQUEST_INFO = "Nats-Request-Info"
"""The header nats-server stamps on a request crossing a service import."""


@dataclass(frozen=True)
class Requester:
    """An identity on the bus: its user name (``table``, ``acme-integrator``) and role."""

    user: str

    @property
    def role(self) -> str | None:
        """The role of the user (``integrator`` for ``acme-integrator``), None if unknown."""
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
