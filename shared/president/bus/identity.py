"""Who sent a request: the identity a service may trust, taken from the reply subject.

Every identity connects with its own inbox prefix ``_INBOX.<user>`` (``president.bus.
connect``) and the server lets it, and no other identity, subscribe under that prefix
(``president.bus.auth``; the permission matrix tests it). So a request whose reply subject
is ``_INBOX.<user>.…`` is answered to ``<user>`` alone, whoever published it:

- what a reply carries (a seat token, a remembered answer) reaches only ``<user>``: a
  service that compares ``requester_of(msg)`` with the identity that first sent a command
  id (the table service does, for TakeSeat) can never hand one identity's answer to another;
- one identity may name another's inbox as its reply subject, but then it reads nothing;
  within one account it can thereby charge a request to another identity (attribution,
  rate limits). Where that matters across platforms, each platform has its own account
  (``president.bus.auth.multi_tenant``) and cannot reach another's services at all; a
  shared backend serving platform accounts through service imports with ``share: true``
  gets the server-stamped ``Nats-Request-Info`` header instead (account and user, set by
  the server and replacing anything the client wrote: nats-server
  ``client.go processServiceImport``), see docs/decisions/2026-12-01-bus-security.md.

A request without a reply subject, or with one outside any identity's inbox, has no
requester (None): it cannot be answered anyway.
"""

from __future__ import annotations

from dataclasses import dataclass

from president.bus.auth import INBOX_ROOT, ROLES


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


def requester_of(reply: str | None) -> Requester | None:
    """The identity a request's reply subject belongs to (see the module's note)."""
    if not reply:
        return None
    tokens = reply.split(".")
    if len(tokens) < 3 or tokens[0] != INBOX_ROOT or not tokens[1]:
        return None
    return Requester(tokens[1])
