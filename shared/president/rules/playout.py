"""Random legal playouts: the engine's benchmark and the property tests' game generator."""

from __future__ import annotations

import random
from dataclasses import dataclass

from president.rules.deal import deal_from_seed, round_seed
from president.rules.engine import Applied, apply_action, apply_deal, legal_actions
from president.rules.events import Event
from president.rules.options import Options
from president.rules.state import GameState, Phase, new_game


@dataclass(frozen=True, slots=True)
class Playout:
    """A finished random game: its final state, every event, and the actions taken."""

    state: GameState
    events: tuple[Event, ...]
    actions: int


def random_playout(options: Options, seed: int) -> Playout:
    """Play a whole series with uniformly random legal actions, deals from ``seed``."""
    rng = random.Random(seed)
    state = new_game(options)
    events: list[Event] = []
    actions = 0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            hands = deal_from_seed(round_seed(seed, state.round + 1), options.players, state.leader)
            outcome: Applied = apply_deal(state, hands)
        else:
            result = apply_action(state, rng.choice(legal_actions(state)))
            assert isinstance(result, Applied), result
            outcome = result
            actions += 1
        events.extend(outcome.events)
        state = outcome.state
    return Playout(state, tuple(events), actions)
