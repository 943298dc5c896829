"""Seat tickets: signed, short-lived, single use (pure)."""

from __future__ import annotations

import base64
import json

import pytest

from services.web.tickets import SpentTickets, TicketError, issue_ticket, redeem_ticket

SECRET = b"s" * 32


def _code(ticket: str, now: float, secret: bytes = SECRET) -> str:
    with pytest.raises(TicketError) as refused:
        redeem_ticket(secret, ticket, now=now)
    return refused.value.code


def test_a_ticket_grants_its_seat_until_it_expires() -> None:
    ticket = issue_ticket(SECRET, "t-1", 3, now=1000.0, ttl_s=60)
    granted = redeem_ticket(SECRET, ticket, now=1059.9)
    assert (granted.table_id, granted.seat, granted.expires) == ("t-1", 3, 1060.0)
    assert _code(ticket, now=1060.0) == "ticket_expired"


def test_an_altered_forged_or_malformed_ticket_is_invalid() -> None:
    ticket = issue_ticket(SECRET, "t1", 0, now=0.0)
    body, _, mac = ticket.partition(".")
    claims = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    claims["s"] = 1
    altered = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
    for bad in (f"{altered}.{mac}", f"{body}.{mac[:-2]}AA", body, "", "x" * 600, "a.b.c"):
        assert _code(bad, now=1.0) == "ticket_invalid", bad
    assert _code(ticket, now=1.0, secret=b"another secret") == "ticket_invalid"


def test_every_ticket_has_its_own_nonce_and_is_spent_once() -> None:
    spent = SpentTickets()
    first, second = (
        redeem_ticket(SECRET, issue_ticket(SECRET, "t1", 0, now=0.0), now=1.0) for _ in range(2)
    )
    assert first.nonce != second.nonce
    spent.spend(first, now=1.0)
    spent.spend(second, now=1.0)
    with pytest.raises(TicketError, match="ticket_reused"):
        spent.spend(first, now=2.0)
    spent.spend(
        redeem_ticket(SECRET, issue_ticket(SECRET, "t1", 0, now=100.0), now=100.0), now=100.0
    )
    assert first.nonce not in spent.spent  # forgotten once expired (refused as expired then)


def test_tickets_are_only_issued_for_a_table_id_and_a_seat() -> None:
    for table_id, seat in (("a.b", 0), ("", 0), ("t1", -1), ("t1", 100)):
        with pytest.raises(ValueError):
            issue_ticket(SECRET, table_id, seat, now=0.0)
