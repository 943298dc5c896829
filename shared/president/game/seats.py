"""Who may act for a seat, besides holding its token: the identity that took it (a
person's seat), an AI worker (an AI seat). Pure; the engine asks it for every command."""

from __future__ import annotations

from president.contract import RejectionCode
from president.game.events import GameSeat
from president.game.refusal import Refusal

AI_WORKER_ROLE = "ai-worker"
"""The role (``president.bus.identity.Requester.role``) of the AI workers' identities."""


def seat_sender_refusal(seat: GameSeat, user: str | None, role: str | None) -> Refusal | None:
    """FORBIDDEN when ``user`` (the attested sender, None: anonymous) of role ``role`` may
    not act for ``seat``: a person's seat taken by another identity, or an AI seat and not
    an AI worker. Anonymous senders (an open server) are one identity: the token decides."""
    if seat.kind == "ai":
        if user is None or role == AI_WORKER_ROLE:
            return None
        return Refusal(RejectionCode.FORBIDDEN, f"seat {seat.seat} is played by the AI workers")
    if seat.taken_by == user or seat.taken_by is None:
        return None
    return Refusal(RejectionCode.FORBIDDEN, f"seat {seat.seat} was taken by another identity")
