"""The legal actions of a view, reduced to what matters for play: rank and count (one
canonical action, the lowest suits, stands for every play of the same rank and size)."""

from __future__ import annotations

from dataclasses import dataclass

from president.rules import Action, Observation, Pass, Play, Return
from president.rules.cards import CARD_INDEX

TOP_RANK = 12


def rank_of(name: str) -> int:
    """Rank index (0 = ``3`` ... 12 = ``2``) of a wire card name."""
    return CARD_INDEX[name] >> 2


def strength(rank: int, reversed_: bool) -> int:
    """Position of a rank in the current order (0 = lowest)."""
    return TOP_RANK - rank if reversed_ else rank


@dataclass(frozen=True, slots=True)
class Choices:
    """A view's legal moves: plays keyed by ``(rank, count)``, the pass if legal."""

    plays: dict[tuple[int, int], Play]
    pass_action: Pass | None
    returns: tuple[Return, ...]

    def ordered(self, reversed_: bool) -> list[tuple[int, int]]:
        """Play keys from the lowest rank in the current order up, fewer cards first."""
        return sorted(self.plays, key=lambda key: (strength(key[0], reversed_), key[1]))


def choices_of(view: Observation) -> Choices:
    """Group a view's legal actions by what they do."""
    plays: dict[tuple[int, int], Play] = {}
    pass_action: Pass | None = None
    returns: list[Return] = []
    for action in view.legal_actions:
        if isinstance(action, Play):
            plays.setdefault((rank_of(action.cards[0]), len(action.cards)), action)
        elif isinstance(action, Pass):
            pass_action = action
        else:
            returns.append(action)
    return Choices(plays, pass_action, tuple(returns))


def return_of(view: Observation, cards: tuple[str, ...]) -> Action:
    """The legal return of exactly ``cards`` (the first legal action if it is not one)."""
    wanted = tuple(sorted(cards, key=CARD_INDEX.__getitem__))
    for action in view.legal_actions:
        if isinstance(action, Return) and action.cards == wanted:
            return action
    return view.legal_actions[0]
