"""Seat tokens of AI seats: derived from the engine's secret, never stored.

``token = base64url(HMAC-SHA256(secret, "ai|<table id>|<seat>"))``; GameCreated records
its SHA-256 like a person's token, and the engine hands it to the AI worker inside
the DecisionRequest (internal work queue only).
"""

from __future__ import annotations

import base64
import hashlib
import hmac


def ai_seat_token(secret: str, table_id: str, seat: int) -> str:
    """The token of AI seat ``seat`` at ``table_id``."""
    digest = hmac.new(secret.encode(), f"ai|{table_id}|{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def token_sha256(token: str) -> str:
    """What the log records of a token (hex SHA-256 of its UTF-8 bytes)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, expected_sha256: str) -> bool:
    """Whether ``token`` hashes to ``expected_sha256`` (constant-time comparison)."""
    return hmac.compare_digest(token_sha256(token), expected_sha256)
