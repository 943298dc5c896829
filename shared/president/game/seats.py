"""Who may act for a seat, besides holding its token: the identity that took it (a
person's seat), an AI worker (an AI seat). Pure; the engine asks it for every command."""

from __future__ import annotations

import re

from president.contract import RejectionCode
from president.game.events import GameSeat
from president.game.refusal import Refusal

AI_WORKER_ROLE = "ai-worker"
"""The role (``president.bus.identity.Requester.role``) of the AI workers' identities."""

WEB_USER = "web"
"""The web lobby's identity: it takes a browser's seat, whose credentials then act for it."""
_SEAT_CREDENTIALS = re.compile(r"^web-(?P<table>[A-Za-z0-9_-]{1,64})-(?P<seat>[0-9]{1,2})$")


def seat_credentials(user: str | None) -> tuple[str, int] | None:
    """The table and seat of a browser's seat credentials (``web-<table>-<seat>``, as
    ``president.bus.auth.seat_user`` names them), None for any other identity."""
    found = _SEAT_CREDENTIALS.match(user or "")
    return None if found is None else (found["table"], int(found["seat"]))


def seat_sender_refusal(
    seat: GameSeat, user: str | None, role: str | None, table_id: str = ""
) -> Refusal | None:
    """FORBIDDEN when ``user`` (the attested sender, None: anonymous) of role ``role`` may
    not act for ``seat`` of ``table_id``: a person's seat taken by another identity, an AI
    seat and not an AI worker, or a seat's credentials and not that seat. Anonymous
    senders (an open server) are one identity: the token decides."""
    if user is not None and _SEAT_CREDENTIALS.match(user):
        return seat_credentials_refusal(table_id, seat, user)
    if seat.kind == "ai":
        if user is None or role == AI_WORKER_ROLE:
            return None
        return Refusal(RejectionCode.FORBIDDEN, f"seat {seat.seat} is played by the AI workers")
    if seat.taken_by == user or seat.taken_by is None:
        return None
    return Refusal(RejectionCode.FORBIDDEN, f"seat {seat.seat} was taken by another identity")


def seat_credentials_refusal(table_id: str, seat: GameSeat, user: str) -> Refusal | None:
    """FORBIDDEN unless the seat's credentials ``user`` are those of ``seat`` of
    ``table_id``, a person's seat the web lobby took (the server's permissions already
    keep them to their table's subjects: this is defence in depth)."""
    if seat_credentials(user) != (table_id, seat.seat):
        return Refusal(
            RejectionCode.FORBIDDEN, f"these credentials act for one seat, not {seat.seat}"
        )
    if seat.kind != "human" or seat.taken_by != WEB_USER:
        return Refusal(RejectionCode.FORBIDDEN, f"seat {seat.seat} was not taken by the web lobby")
    return None
