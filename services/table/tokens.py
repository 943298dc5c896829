"""Seat tokens: derived, never stored. Only their SHA-256 goes into the log.

``token = base64url(HMAC-SHA256(secret, "seat|<table id>|<command id>"))`` (43 characters,
as ``secrets.token_urlsafe(32)``). Derivation instead of a random draw lets a repeated
``TakeSeat`` (same command id) get the same reply, token included, from any table
service instance sharing the secret, while the database never holds a usable token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac


def seat_token(secret: str, table_id: str, command_id: str) -> str:
    """The token handed out for the TakeSeat command ``command_id`` at ``table_id``."""
    material = f"seat|{table_id}|{command_id}".encode()
    digest = hmac.new(secret.encode(), material, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def token_sha256(token: str) -> str:
    """What the log records of a token (hex SHA-256 of its UTF-8 bytes)."""
    return hashlib.sha256(token.encode()).hexdigest()
