"""Provably fair deals: commit to a round's seed before dealing, reveal it after the round.

The scheme (documented in the README so an outside party can reimplement it):

- A round's seed is 32 random bytes written as 64 lowercase hex characters.
- ``commitment = SHA-256(UTF-8("cardverse-1.1.0|" + table_id + "|" + str(round) + "|" + seed))``
  as lowercase hex, published in the public log before the hands are dealt.
- The hands are ``president.rules.deal_from_seed(seed, players, leader)`` (the
  SHA-256 Fisher-Yates shuffle of ``president.rules.deal``).
- When the round ends the seed is published; anyone can recompute both.
"""

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
