"""Seat tickets: what the lobby API hands a browser for one seat of one table, and the auth
callout redeems once for a user JWT (HMAC-signed, short-lived, single-use nonce)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass, field

TICKET_TTL_S = 60.0
_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_MAX_TICKET = 512


class TicketError(ValueError):
    """A ticket refused, with a stable ``code``: ``ticket_invalid`` (not one the lobby
    signed, altered, malformed), ``ticket_expired``, ``ticket_reused``."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class SeatTicket:
    """What a valid ticket grants: one seat of one table, until ``expires`` (epoch s)."""

    table_id: str
    seat: int
    nonce: str
    expires: float


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _mac(secret: bytes, body: str) -> str:
    return _b64(hmac.new(secret, body.encode(), hashlib.sha256).digest())


def issue_ticket(
    secret: bytes, table_id: str, seat: int, *, now: float, ttl_s: float = TICKET_TTL_S
) -> str:
    """A ticket for ``seat`` of ``table_id``, valid ``ttl_s`` seconds from ``now``."""
    if not _TABLE_ID.match(table_id) or not 0 <= seat < 100 or ttl_s <= 0:
        raise ValueError("bad table id, seat or ttl")
    claims = {"t": table_id, "s": seat, "n": secrets.token_urlsafe(16), "e": round(now + ttl_s, 3)}
    body = _b64(json.dumps(claims, separators=(",", ":")).encode())
    return f"{body}.{_mac(secret, body)}"


def redeem_ticket(secret: bytes, ticket: str, *, now: float) -> SeatTicket:
    """The seat ``ticket`` grants, if the lobby signed it with ``secret`` and it has not
    expired at ``now``; else :class:`TicketError`. (Single use: :class:`SpentTickets`.)"""
    body, _, mac = ticket.partition(".") if len(ticket) <= _MAX_TICKET else ("", "", "")
    if not body or not hmac.compare_digest(mac.encode(), _mac(secret, body).encode()):
        raise TicketError("ticket_invalid")
    try:
        claims = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        granted = SeatTicket(claims["t"], claims["s"], claims["n"], float(claims["e"]))
    except (ValueError, KeyError, TypeError, binascii.Error) as error:
        raise TicketError("ticket_invalid") from error
    valid = isinstance(granted.table_id, str) and _TABLE_ID.match(granted.table_id)
    if not valid or not isinstance(granted.seat, int) or not isinstance(granted.nonce, str):
        raise TicketError("ticket_invalid")
    if now >= granted.expires:
        raise TicketError("ticket_expired")
    return granted


def seat_pass(secret: bytes, table_id: str, seat: int, owner: str | None = None) -> str:
    """What proves to the lobby, later, that a page was handed ``seat`` of ``table_id``:
    the page shows it to get a fresh ticket before its user JWT expires (any web replica
    of the same ``secret`` checks it; no state). ``owner``: the platform login's subject
    that took the seat, who alone may show it (None: anonymous)."""
    material = f"pass|{table_id}|{seat}" if owner is None else json.dumps([table_id, seat, owner])
    return _mac(secret, material)


def pass_matches(
    secret: bytes, table_id: str, seat: int, proof: str, owner: str | None = None
) -> bool:
    """Whether ``proof`` is :func:`seat_pass` of that seat and owner (constant-time)."""
    expected = seat_pass(secret, table_id, seat, owner)
    return hmac.compare_digest(proof.encode(), expected.encode())


@dataclass
class SpentTickets:
    """The nonces redeemed by this responder, each remembered until its ticket expires
    (after that the ticket is refused as expired anyway)."""

    spent: dict[str, float] = field(default_factory=dict)

    def spend(self, ticket: SeatTicket, *, now: float) -> None:
        """Mark ``ticket`` used; :class:`TicketError` ``ticket_reused`` if it was."""
        self.spent = {nonce: until for nonce, until in self.spent.items() if until > now}
        if ticket.nonce in self.spent:
            raise TicketError("ticket_reused")
        self.spent[ticket.nonce] = ticket.expires
