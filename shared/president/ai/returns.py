"""Exchange returns for Medium and Hard: give back the cards that cost the hand least
(scored by the hand they leave)."""

from __future__ import annotations

from president.ai.choices import rank_of
from president.rules import Action, Observation, Return
from president.rules.cards import names_mask, rank_counts

GROUP_COST = 6
FOUR_COST = 8


def best_return(view: Observation) -> Action:
    """The legal return that leaves the strongest hand."""
    returns = [a for a in view.legal_actions if isinstance(a, Return)]
    counts = rank_counts(names_mask(view.hand))
    return min(returns, key=lambda action: _cost(counts, action.cards))


def _cost(counts: tuple[int, ...], cards: tuple[str, ...]) -> int:
    left = list(counts)
    given = 0
    for name in cards:
        rank = rank_of(name)
        left[rank] -= 1
        given += rank
    groups = sum(1 for count in left if count)
    broken_four = sum(1 for before, after in zip(counts, left, strict=True) if before == 4 > after)
    return GROUP_COST * groups + FOUR_COST * broken_four + given
