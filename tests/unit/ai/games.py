"""Game positions for the AI tests, built with the real rules engine."""

from __future__ import annotations

import random

from president.ai import Policy
from president.rules import (
    Applied,
    GameState,
    Options,
    Phase,
    apply_action,
    apply_deal,
    deal_from_seed,
    new_game,
    observe,
)
from president.rules.cards import names_mask
from president.rules.deal import round_seed
from president.rules.state import evolve


def step(state: GameState, policy: Policy) -> GameState:
    """Apply one decision of ``policy`` for the seat to act (or owing a return)."""
    if state.phase is Phase.DEAL:
        seed = round_seed(7, state.round + 1)
        return apply_deal(state, deal_from_seed(seed, state.players, state.leader)).state
    seat = state.to_act if state.phase is Phase.PLAY else state.awaiting[0]
    assert seat is not None
    outcome = apply_action(state, policy.decide(observe(state, seat)))
    assert isinstance(outcome, Applied), outcome
    return outcome.state


def positions(options: Options, seed: int, policy: Policy) -> list[GameState]:
    """Every decision point of one game played by ``policy`` at all seats."""
    state = apply_deal(new_game(options), deal_from_seed(seed, options.players, 0)).state
    found: list[GameState] = []
    while state.phase is not Phase.GAME_OVER:
        if state.phase is not Phase.DEAL:
            found.append(state)
        state = step(state, policy)
    return found


def hidden_permuted(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with the cards ``seat`` cannot see dealt again among the
    other seats (sizes kept, cards exchanged with ``seat`` left where they are)."""
    known = 0
    for transfer in state.transfers:
        if seat in (transfer.giver, transfer.receiver):
            known |= names_mask(transfer.cards)
    pool: list[int] = []
    keep: list[int] = []
    for other, hand in enumerate(state.hands):
        kept = hand & known if other != seat else hand
        keep.append(kept)
        free = hand & ~kept
        pool.extend(card for card in range(52) if free >> card & 1)
    rng.shuffle(pool)
    hands = list(keep)
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        need = hand.bit_count() - keep[other].bit_count()
        for card in pool[:need]:
            hands[other] |= 1 << card
        del pool[:need]
    return evolve(state, hands=tuple(hands))
