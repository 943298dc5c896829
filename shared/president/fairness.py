"""Provably fair deals: commit to a round's seed before dealing, reveal it after the round
(the scheme, for anyone to reimplement: docs/audit.md)."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from president.rules.deal import deal_from_seed
from president.rules.options import RULES_VERSION


def new_seed() -> str:
    """A fresh round seed from the operating system's CSPRNG."""
    return secrets.token_hex(32)


def commitment(table_id: str, round_number: int, seed: str) -> str:
    """The public commitment to ``seed`` for ``round_number`` of ``table_id``."""
    material = f"{RULES_VERSION}|{table_id}|{round_number}|{seed}".encode()
    return hashlib.sha256(material).hexdigest()


def verify_commitment(table_id: str, round_number: int, seed: str, expected: str) -> bool:
    """Whether ``seed`` is the one committed to (constant-time comparison)."""
    return hmac.compare_digest(commitment(table_id, round_number, seed), expected)


def hands_from_seed(seed: str, players: int, leader: int) -> tuple[tuple[str, ...], ...]:
    """The deal that ``seed`` determines (see ``president.rules.deal``)."""
    return deal_from_seed(seed, players, leader)
