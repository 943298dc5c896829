"""Seat tokens: HMAC-SHA256 of a secret and the seat's material, derived again when needed,
never stored; only their SHA-256 goes into the log."""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json


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


def token_matches(token: str, expected_sha256: str) -> bool:
    """Whether ``token`` hashes to ``expected_sha256`` (constant-time comparison)."""
    return hmac.compare_digest(token_sha256(token), expected_sha256)


def _derive(secret: str, material: str) -> str:
    digest = hmac.new(secret.encode(), material.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
