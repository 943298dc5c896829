"""Hard: reproducible with a fixed number of deals, bounded by its time budget."""

from __future__ import annotations

import time

from president.ai import Level, make_policy
from president.rules import Observation, Options, Phase, Play, observe

from .games import positions
from .views import view_of


def _views(players: int, seed: int) -> list[Observation]:
    states = positions(Options(players=players), seed, make_policy("medium"))
    return [observe(s, s.to_act) for s in states if s.phase is Phase.PLAY and s.to_act is not None]


def test_hard_with_fixed_iterations_decides_the_same_every_time() -> None:
    views = [v for v in _views(4, 12) if len(v.legal_actions) > 2][:12]
    first = [make_policy(Level.HARD, seed=5, iterations=12).decide(v) for v in views]
    again = [make_policy(Level.HARD, seed=5, iterations=12).decide(v) for v in views]
    assert first == again


def test_hard_stays_within_its_time_budget() -> None:
    hard = make_policy(Level.HARD, seed=1, budget_ms=20)
    slowest = 0.0
    for view in _views(3, 4)[:30]:
        started = time.perf_counter()
        hard.decide(view)
        slowest = max(slowest, time.perf_counter() - started)
    assert slowest < 0.2


def test_hard_plays_the_pair_that_wins_a_two_player_end() -> None:
    others = [["4C", "2C"], []]
    view = view_of(["3C", "3D", "AH"], others=others, players=3, finished=(2,))
    assert make_policy(Level.HARD, seed=1, iterations=4).decide(view) == Play(0, ("3C", "3D"))
