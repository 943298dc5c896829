"""The Hard level: counts the unseen cards, takes sure exits, solves two-player
ends exactly, and otherwise weighs its candidate moves by determinized Monte
Carlo within a time budget or a fixed number of deals."""

from __future__ import annotations

import time
from dataclasses import dataclass

from president.ai.choices import Choices, choices_of
from president.ai.endgame import solve
from president.ai.knowledge import Knowledge, knowledge_of
from president.ai.medium import medium_move
from president.ai.plan import sure_exit
from president.ai.returns import best_return
from president.ai.search import Budget, evaluate, world_of
from president.ai.seeding import decision_rng
from president.ai.sim import SimMove
from president.rules import Action, Observation

DEFAULT_BUDGET_MS = 100.0
BUDGET_SHARE = 0.95
"""Share of the budget the search plans to use (the rest covers setup and the last deal)."""
ENDGAME_NODES = 10_000
PREFERENCE = 0.03
"""Points by which another move must beat Medium's choice to be preferred."""


@dataclass(frozen=True, slots=True)
class HardPolicy:
    """Hard: ``iterations`` deals per decision when set (reproducible), else as many
    as fit in ``budget_ms`` (default 100 ms)."""

    seed: int | None = None
    budget_ms: float | None = None
    iterations: int | None = None

    def decide(self, view: Observation) -> Action:
        started = time.perf_counter()
        choices = choices_of(view)
        if choices.returns:
            return best_return(view)
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        k = knowledge_of(view, infer=True)
        move = self._move(k, choices, view, started)
        if move is None:
            return choices.pass_action or view.legal_actions[0]
        return choices.plays[move]

    def _move(
        self, k: Knowledge, choices: Choices, view: Observation, started: float
    ) -> SimMove | None:
        sure = sure_exit(
            k.mine,
            k.unseen_counts,
            reversed_=k.reversed,
            revolution=k.revolution,
            top_rank=k.top_rank,
            top_count=k.top_count,
        )
        if sure in choices.plays:
            return sure
        candidates = candidate_moves(k, choices)
        if len(candidates) == 1:
            return candidates[0]
        rng = decision_rng(self.seed, view, "hard")
        if len(k.holders) == 2:
            solved = solve(world_of(k, rng), k.seat, candidates, ENDGAME_NODES)
            if solved.winning:
                return solved.move
        budget_ms = DEFAULT_BUDGET_MS if self.budget_ms is None else self.budget_ms
        budget = Budget(self.iterations, started + budget_ms * BUDGET_SHARE / 1000)
        means = evaluate(k, candidates, rng, budget)
        preferred = medium_move(k)
        best = max(range(len(candidates)), key=means.__getitem__)
        if preferred in candidates:
            index = candidates.index(preferred)
            if means[index] + PREFERENCE >= means[best]:
                return preferred
        return candidates[best]


def candidate_moves(k: Knowledge, choices: Choices) -> list[SimMove | None]:
    """Moves worth weighing: on a lead each whole group (and a four held back to
    three); on a follow each rank that beats the trick, and the pass."""
    if k.top_rank >= 0:
        follow: list[SimMove | None] = list(choices.ordered(k.reversed))
        if choices.pass_action is not None:
            follow.append(None)
        return follow
    mine = k.mine
    lead: list[SimMove | None] = []
    for rank, count in choices.ordered(k.reversed):
        if count == mine[rank] or (mine[rank] == 4 and count == 3):
            lead.append((rank, count))
    return lead
