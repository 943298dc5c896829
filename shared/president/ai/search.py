"""Determinized Monte Carlo: a candidate move's worth is its mean points over deals of the
unseen cards consistent with the seat's knowledge, each played out by the default policy."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from president.ai.knowledge import Knowledge
from president.ai.rollout import play_out
from president.ai.sampling import plausible_hands
from president.ai.sim import Sim, SimMove
from president.rules.cards import rank_counts

PRUNE_EVERY = 16
PRUNE_MARGIN = 2.5
"""Drop a candidate whose mean is this many standard errors below the best."""


@dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``iterations`` deals when set (reproducible), else at ``deadline``
    (a ``time.perf_counter()`` value); at least one deal is always played."""

    iterations: int | None
    deadline: float

    def spent(self, worlds: int) -> bool:
        if self.iterations is not None:
            return worlds >= self.iterations
        return worlds > 0 and time.perf_counter() >= self.deadline


def world_of(k: Knowledge, rng: random.Random) -> Sim:
    """A simulator of the current trick on one sampled deal."""
    hands = [list(rank_counts(mask)) for mask in plausible_hands(k, rng)]
    return Sim(
        hands,
        to_act=k.seat,
        reversed_=k.reversed,
        revolution=k.revolution,
        top_rank=k.top_rank,
        top_count=k.top_count,
        top_seat=k.top_seat,
        passed=k.passed,
        finished=list(k.finished),
    )


def evaluate(
    k: Knowledge, candidates: list[SimMove | None], rng: random.Random, budget: Budget
) -> list[float]:
    """Mean points of each candidate (-inf for those dropped on the way)."""
    players = k.players
    seat = k.seat
    sums = [0.0] * len(candidates)
    squares = [0.0] * len(candidates)
    alive = list(range(len(candidates)))
    worlds = 0
    while not budget.spent(worlds) and len(alive) > 1:
        base = world_of(k, rng)
        stream = rng.getrandbits(64)
        for index in alive:
            sim = base.copy()
            move = candidates[index]
            if move is None:
                sim.pass_(seat)
            else:
                sim.play(seat, move[0], move[1])
            points = players + 1 - play_out(sim, seat, random.Random(stream))
            sums[index] += points
            squares[index] += points * points
        worlds += 1
        if worlds % PRUNE_EVERY == 0:
            alive = _survivors(alive, sums, squares, worlds)
    means = [-math.inf] * len(candidates)
    for index in alive:
        means[index] = sums[index] / max(worlds, 1)
    return means


def _survivors(alive: list[int], sums: list[float], squares: list[float], n: int) -> list[int]:
    means = {i: sums[i] / n for i in alive}
    best = max(alive, key=means.__getitem__)
    spread = max(squares[best] / n - means[best] ** 2, 0.25)
    margin = PRUNE_MARGIN * math.sqrt(2 * spread / n)
    return [i for i in alive if means[i] >= means[best] - margin]
