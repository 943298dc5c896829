"""The Random level: a uniform choice among the legal actions (the baseline)."""

from __future__ import annotations

from dataclasses import dataclass

from president.ai.seeding import decision_rng
from president.rules import Action, Observation


@dataclass(frozen=True, slots=True)
class RandomPolicy:
    """Uniformly random legal actions, from a per-decision stream."""

    seed: int | None = None

    def decide(self, view: Observation) -> Action:
        return decision_rng(self.seed, view).choice(view.legal_actions)
