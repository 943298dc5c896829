"""The fast default policy that plays out simulated rounds (Hard's opponent model).

A plain version of Medium over counts: lead the lowest group, keeping the top
rank and fours for later; follow with an exact group, breaking a low group
when none fits; keep the top rank back while the hand is long; now and then
pass anyway, so that the playouts of one deal do not all look alike.
"""

from __future__ import annotations

import random

from president.ai.sim import NO_SEAT, Sim

_ASC = tuple(range(13))
_DESC = tuple(range(12, -1, -1))
_LOW_LEAD_NORMAL = _ASC[:-1]
_LOW_LEAD_REVERSED = _DESC[:-1]
STRAY = 0.08
"""How often a follower that could play passes instead."""


def choose(sim: Sim, seat: int, rng: random.Random) -> tuple[int, int] | None:
    """``(rank, count)`` to play for ``seat``, or None to pass."""
    hand = sim.hands[seat]
    size = sim.sizes[seat]
    rev = sim.reversed
    top = sim.top_rank
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
    broken = -1
    for rank in range(top - 1, -1, -1) if rev else range(top + 1, 13):
        count = hand[rank]
        if count == need:
            if size == need:
                return rank, need
            if rank == (0 if rev else 12) and size > need + 2 and rng.random() < 0.5:
                return None
            if rng.random() < STRAY:
                return None
            return rank, need
        if count > need and broken < 0:
            broken = rank
    if broken >= 0:
        strength = 12 - broken if rev else broken
        if strength <= 8 or size <= 4:
            return broken, need
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
