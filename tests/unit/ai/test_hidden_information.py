"""Every level decides from the seat's view only: hidden cards cannot change a decision."""

from __future__ import annotations

import random

import pytest
from president.ai import Level, make_policy
from president.rules import Options, Phase, observe

from .games import hidden_permuted, positions


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_permuting_the_opponents_hidden_cards_leaves_the_decision_unchanged(
    level: Level, players: int
) -> None:
    policy = make_policy(level, seed=21, iterations=6)
    rng = random.Random(players)
    easy = make_policy("easy", seed=4)
    states = positions(Options(players=players, rounds=2), 31 + players, easy)
    checked = 0
    for state in states[::3]:
        seat = state.to_act if state.phase is Phase.PLAY else state.awaiting[0]
        assert seat is not None
        other = hidden_permuted(state, seat, rng)
        view = observe(state, seat)
        assert observe(other, seat) == view
        assert policy.decide(view) == policy.decide(observe(other, seat))
        checked += other.hands != state.hands
    assert checked > 5
