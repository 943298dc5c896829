"""The fast default policy that plays out simulated rounds (Hard's opponent model):
Medium's rules over counts, deterministic."""

from __future__ import annotations

import random

from president.ai.plan import sure_exit
from president.ai.sim import NO_SEAT, Sim

_ASC = tuple(range(13))
_DESC = tuple(range(12, -1, -1))
_LOW_LEAD_NORMAL = _ASC[:-1]
_LOW_LEAD_REVERSED = _DESC[:-1]
SURE_GROUPS = 3
"""Look for a sure exit once a hand is down to this many ranks."""
SHORT = 4
HIGH = 8
CLOSE = 2
LOW_BREAK = 5
HOLD = 11
SPARE = 6


def choose(sim: Sim, seat: int, rng: random.Random) -> tuple[int, int] | None:
    """``(rank, count)`` to play for ``seat``, or None to pass."""
    hand = sim.hands[seat]
    size = sim.sizes[seat]
    rev = sim.reversed
    top = sim.top_rank
    if 13 - hand.count(0) <= SURE_GROUPS:
        sure = _sure_exit(sim, seat, hand)
        if sure is not None:
            return sure
    if top < 0:
        fallback = -1
        for rank in _LOW_LEAD_REVERSED if rev else _LOW_LEAD_NORMAL:
            count = hand[rank]
            if count:
                if count == size or count < 4:
                    return rank, count
                fallback = rank
        best = 0 if rev else 12
        if hand[best]:
            return best, hand[best]
        return fallback, hand[fallback]
    need = sim.top_count
    best = 0 if rev else 12
    broken = -1
    for rank in range(top - 1, 0, -1) if rev else range(top + 1, 12):
        count = hand[rank]
        if count == need:
            if size == need or (12 - rank if rev else rank) < HOLD or _urgent(sim, seat, size):
                return rank, need
            return None
        if broken < 0 and need < count < 4:
            broken = rank
    if broken >= 0 and ((12 - broken if rev else broken) <= LOW_BREAK or _urgent(sim, seat, size)):
        return broken, need
    held = hand[best]
    if held < need or best == top:
        return None
    trick = 12 - top if rev else top
    if trick >= HIGH or (held > need and trick >= SPARE) or _urgent(sim, seat, size):
        return best, need
    return None


def _urgent(sim: Sim, seat: int, size: int) -> bool:
    """Whether the hand is short or an opponent is close to going out."""
    if size <= SHORT:
        return True
    sizes = sim.sizes
    return any(0 < sizes[s] <= CLOSE for s in range(sim.players) if s != seat)


def _sure_exit(sim: Sim, seat: int, hand: list[int]) -> tuple[int, int] | None:
    """A sure way out against the other hands as they are (see ``president.ai.plan``).

    Without fours a play that is not safe stays unsafe whatever is played
    before it, so a hand plays out surely exactly when at most one of its
    ranks is unsafe: the safe ones go first. Hands with a four take the full search.
    """
    held = [r for r in range(13) if hand[r]]
    remaining = sim.remaining
    rev = sim.reversed
    if sim.revolution and 4 in hand:
        unseen = [left - mine for left, mine in zip(remaining, hand, strict=True)]
        return sure_exit(
            hand,
            unseen,
            reversed_=rev,
            revolution=True,
            top_rank=sim.top_rank,
            top_count=sim.top_count,
        )

    def safe(rank: int, count: int) -> bool:
        for other in range(rank - 1, -1, -1) if rev else range(rank + 1, 13):
            if remaining[other] - hand[other] >= count:
                return False
        return True

    top = sim.top_rank
    if top < 0:
        unsafe = [r for r in held if not safe(r, hand[r])]
        if len(unsafe) > 1:
            return None
        first = next((r for r in held if r not in unsafe), held[0])
        return first, hand[first]
    need = sim.top_count
    size = sim.sizes[seat]
    for rank in held:
        if hand[rank] < need or not (rank < top if rev else rank > top):
            continue
        if size == need:
            return rank, need
        if not safe(rank, need):
            continue
        losers = 0
        for other in held:
            left = hand[other] - need if other == rank else hand[other]
            if left and not safe(other, left):
                losers += 1
        if losers <= 1:
            return rank, need
    return None


def play_out(sim: Sim, seat: int, rng: random.Random) -> int:
    """Play ``sim`` on with the default policy until ``seat``'s place is known; return it."""
    players = sim.players
    finished = sim.finished
    while True:
        if seat in finished:
            return finished.index(seat) + 1
        actor = sim.to_act
        if actor == NO_SEAT:
            return players
        move = choose(sim, actor, rng)
        if move is None:
            sim.pass_(actor)
        else:
            sim.play(actor, move[0], move[1])
