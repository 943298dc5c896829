"""Per-decision random streams seeded by ``(policy seed, what the seat sees)``, so two
workers with one seed take the same decision for one view."""

from __future__ import annotations

import hashlib
import random

from president.rules import Observation


def view_fingerprint(view: Observation) -> bytes:
    """Bytes that tell apart the decision points of one seat in one game."""
    parts = (
        view.seat,
        view.round,
        view.phase,
        view.moves,
        ",".join(view.hand),
        view.scores,
        view.owed_return,
    )
    return repr(parts).encode()


def decision_rng(seed: int | None, view: Observation, salt: str = "") -> random.Random:
    """The random stream of one decision (fresh entropy when ``seed`` is None)."""
    if seed is None:
        return random.Random()
    digest = hashlib.blake2b(
        f"{seed}|{salt}|".encode() + view_fingerprint(view), digest_size=8
    ).digest()
    return random.Random(int.from_bytes(digest, "big"))
