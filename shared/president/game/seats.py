"""Who may act for a seat: the holder of its token (HMAC-derived, only its SHA-256 is
logged) sent by the identity that took it, or by an AI worker for an AI seat. Pure."""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
import re
from typing import TYPE_CHECKING

from president.contract import RejectionCode
from president.game.events import GameSeat
from president.rules.errors import Refusal

if TYPE_CHECKING:
    from president.game.fold import Game

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


def seat_token(secret: str, table_id: str, command_id: str, sender: str = "") -> str:
    """The token handed out for the TakeSeat command ``command_id`` of ``sender`` ('':
    anonymous) at ``table_id``."""
    if not sender:
        return _derive(secret, f"seat|{table_id}|{command_id}")
    return _derive(secret, json.dumps(["seat", table_id, sender, command_id]))


@functools.lru_cache(maxsize=4096)
def ai_seat_token(secret: str, table_id: str, seat: int) -> str:
    """The token of AI seat ``seat`` at ``table_id`` (kept for the last 4096 seats: the
    reactor puts it in every decision request, and it never changes)."""
    return _derive(secret, f"ai|{table_id}|{seat}")


def token_sha256(token: str) -> str:
    """What the log records of a token (hex SHA-256 of its UTF-8 bytes)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _derive(secret: str, material: str) -> str:
    digest = hmac.new(secret.encode(), material.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def seat_refusal(
    game: Game, seat: int, token: str, user: str | None, role: str | None
) -> Refusal | None:
    """UNKNOWN_TABLE, UNKNOWN_SEAT, BAD_TOKEN or FORBIDDEN for a command or query for
    ``seat`` with ``token`` from ``user`` (the attested sender, None: anonymous) of role
    ``role``. FORBIDDEN: a person's seat taken by another identity, an AI seat and not an
    AI worker, or a seat's credentials and not that seat's. Anonymous senders (an open
    server) are one identity: the token decides."""
    if game.created is None:
        return Refusal(RejectionCode.UNKNOWN_TABLE, f"no table {game.table_id}")
    if seat >= game.created.players:
        return Refusal(RejectionCode.UNKNOWN_SEAT, f"seats are 0..{game.created.players - 1}")
    held = game.created.seats[seat]
    if not hmac.compare_digest(token_sha256(token), held.token_sha256):  # constant time
        return Refusal(RejectionCode.BAD_TOKEN, f"not the token of seat {seat}")
    if user is not None and _SEAT_CREDENTIALS.match(user):
        return seat_credentials_refusal(game.table_id, held, user)
    if held.kind == "ai":
        if user is None or role == AI_WORKER_ROLE:
            return None
        return Refusal(RejectionCode.FORBIDDEN, f"seat {seat} is played by the AI workers")
    if held.taken_by == user or held.taken_by is None:
        return None
    return Refusal(RejectionCode.FORBIDDEN, f"seat {seat} was taken by another identity")
