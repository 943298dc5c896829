"""Playing one game of a tournament: one deal under one rotation of the lineup."""

from __future__ import annotations

import time
from dataclasses import dataclass

from president.ai.factory import make_policy
from president.ai.level import Level
from president.ai.policy import HistoryMissing, Policy
from president.ai.tournament.spec import TournamentSpec
from president.rules import (
    Action,
    Applied,
    GameState,
    Observation,
    Options,
    Phase,
    apply_action,
    apply_deal,
    deal_from_seed,
    new_game,
    observe,
    without_history,
)
from president.rules.deal import round_seed


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """How one bot did in one game: its level, its place and points per round."""

    level: Level
    places: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game: each seat's record, and decision times (seconds) per level.

    Times cover decisions with a choice (more than one legal action).
    """

    deal: int
    rotation: int
    seats: tuple[SeatRecord, ...]
    times: dict[Level, tuple[float, ...]]


def play_game(spec: TournamentSpec, deal: int, rotation: int) -> PlayedGame:
    """Play the deal's series with the lineup rotated by ``rotation``."""
    levels = [spec.level_at(seat, rotation) for seat in range(spec.players)]
    policies = [
        make_policy(
            level,
            seed=spec.bot_seed(deal, rotation, seat),
            budget_ms=spec.budget_ms,
            iterations=spec.iterations,
        )
        for seat, level in enumerate(levels)
    ]
    times: dict[Level, list[float]] = {level: [] for level in levels}
    state = new_game(Options(players=spec.players, rounds=spec.rounds))
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            seed = round_seed(spec.deal_seed(deal), state.round + 1)
            state = apply_deal(state, deal_from_seed(seed, spec.players, state.leader)).state
            continue
        seat = _actor(state)
        view = observe(state, seat)
        started = time.perf_counter()
        action = decide_prompted(policies[seat], view)
        elapsed = time.perf_counter() - started
        if len(view.legal_actions) > 1:
            times[levels[seat]].append(elapsed)
        outcome = apply_action(state, action)
        if not isinstance(outcome, Applied):
            raise RuntimeError(f"{levels[seat]} took an illegal action {action}: {outcome}")
        state = outcome.state
    seats = tuple(
        SeatRecord(
            level=levels[seat],
            places=tuple(r.finish_order.index(seat) + 1 for r in state.results),
            points=tuple(r.points[seat] for r in state.results),
        )
        for seat in range(spec.players)
    )
    return PlayedGame(deal, rotation, seats, {k: tuple(v) for k, v in times.items()})


def decide_prompted(policy: Policy, view: Observation) -> Action:
    """Decide as an AI worker does: from the prompt's view (no move history), and from
    the full view (the worker's ``GetView``) only when the level raises ``HistoryMissing``."""
    try:
        return policy.decide(without_history(view))
    except HistoryMissing:
        return policy.decide(view)


def _actor(state: GameState) -> int:
    if state.phase is Phase.PLAY:
        assert state.to_act is not None
        return state.to_act
    return state.awaiting[0]
