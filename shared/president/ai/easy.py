"""The Easy level: the lowest legal combination, a little randomness, no lookahead."""

from __future__ import annotations

from dataclasses import dataclass

from president.ai.choices import choices_of, return_of
from president.ai.seeding import decision_rng
from president.rules import Action, Observation

WANDER = 0.15
"""How often Easy plays its second-lowest option instead of the lowest."""


@dataclass(frozen=True, slots=True)
class EasyPolicy:
    """Leads its lowest rank with all its cards of it; follows with the lowest rank
    that beats the trick; never passes while it can play; returns its lowest cards."""

    seed: int | None = None

    def decide(self, view: Observation) -> Action:
        choices = choices_of(view)
        if choices.returns:
            return return_of(view, view.hand[: len(choices.returns[0].cards)])
        if not choices.plays:
            return view.legal_actions[0]
        ranks: list[int] = []
        for rank, _ in choices.ordered(view.reversed):
            if rank not in ranks:
                ranks.append(rank)
        pick = 0
        if len(ranks) > 1 and decision_rng(self.seed, view).random() < WANDER:
            pick = 1
        rank = ranks[pick]
        count = max(c for r, c in choices.plays if r == rank)
        return choices.plays[(rank, count)]
