"""The AI's lean simulator follows the rules engine move for move."""

from __future__ import annotations

import random

import pytest
from president.ai.sim import NO_SEAT, Sim
from president.rules import (
    Applied,
    Options,
    Pass,
    Phase,
    Play,
    apply_action,
    apply_deal,
    deal_from_seed,
    legal_actions,
    new_game,
)
from president.rules.cards import CARD_INDEX, rank_counts


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("revolution", [True, False])
def test_the_simulator_plays_random_rounds_exactly_like_the_engine(
    players: int, revolution: bool
) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        options = Options(players=players, revolution=revolution)
        state = apply_deal(new_game(options), deal_from_seed(seed, players, 0)).state
        sim = Sim([list(rank_counts(h)) for h in state.hands], to_act=0, revolution=revolution)
        while state.phase is Phase.PLAY:
            action = rng.choice(legal_actions(state))
            outcome = apply_action(state, action)
            assert isinstance(outcome, Applied)
            state = outcome.state
            if isinstance(action, Pass):
                sim.pass_(action.seat)
            else:
                assert isinstance(action, Play)
                sim.play(action.seat, CARD_INDEX[action.cards[0]] >> 2, len(action.cards))
            assert sim.reversed == state.reversed
            if state.phase is Phase.PLAY:
                assert sim.to_act == state.to_act
                assert sim.top_rank == state.top_rank
                assert sim.top_count == state.top_count
                assert sim.passed == state.passed
        assert sim.to_act == NO_SEAT
        assert tuple(sim.finished) == state.results[-1].finish_order
