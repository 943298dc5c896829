"""What a seat knows, read from its view into masks and per-rank counts: the public
round, its own hand and what its exchange told it of the others' hands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from president.ai.inference import Clue
from president.ai.inference import infer as infer_from_moves
from president.rules import Observation
from president.rules.cards import CARD_INDEX, FULL_DECK_MASK, RANKS, names_mask, rank_counts

NO_RANK = -1
NO_CEILING = 52


@dataclass(frozen=True, slots=True)
class Knowledge:
    """One seat's knowledge at a decision point.

    ``known[s]`` holds unseen cards known to be in seat ``s``'s hand;
    ``ceiling[s]`` bounds the other cards of ``s``: every one has a card index
    below it (``NO_CEILING`` when nothing is known).
    """

    seat: int
    players: int
    hand: int
    sizes: tuple[int, ...]
    played: int
    unseen: int
    known: tuple[int, ...]
    ceiling: tuple[int, ...]
    reversed: bool
    revolution: bool
    top_rank: int
    top_count: int
    top_seat: int
    passed: int
    finished: tuple[int, ...]
    scores: tuple[int, ...]
    clues: tuple[Clue, ...] = ()
    avoid: tuple[int, ...] = ()
    """Guesses from the opponents' moves (``president.ai.inference``); empty
    unless ``knowledge_of(view, infer=True)``."""

    @property
    def mine(self) -> tuple[int, ...]:
        """Cards per rank in the seat's hand."""
        return rank_counts(self.hand)

    @property
    def unseen_counts(self) -> tuple[int, ...]:
        """Cards per rank that the seat has not seen (in other hands)."""
        return rank_counts(self.unseen)

    @property
    def holders(self) -> tuple[int, ...]:
        """Seats still holding cards, the deciding seat included."""
        return tuple(s for s, size in enumerate(self.sizes) if size)


def knowledge_of(view: Observation, *, infer: bool = False) -> Knowledge:
    """Read a view into masks and counts (and, with ``infer``, the opponents' habits)."""
    seat = view.seat
    hand = names_mask(view.hand)
    played = view.played
    unseen = FULL_DECK_MASK & ~hand & ~played
    known = [0] * view.players
    ceiling = [NO_CEILING] * view.players
    for transfer in view.exchanges:
        cards = names_mask(transfer.cards)
        if transfer.giver == seat:
            known[transfer.receiver] |= cards & unseen
        elif transfer.receiver == seat and _was_gift(view, transfer.giver):
            ceiling[transfer.giver] = min(CARD_INDEX[name] for name in transfer.cards)
    top_rank = NO_RANK if view.top_rank is None else RANKS.index(view.top_rank)
    passed = 0
    for other in view.passed:
        passed |= 1 << other
    return Knowledge(
        seat=seat,
        players=view.players,
        hand=hand,
        sizes=tuple(view.hand_sizes),
        played=played,
        unseen=unseen,
        known=tuple(known),
        ceiling=tuple(ceiling),
        reversed=view.reversed,
        revolution=bool(view.options.get("revolution", True)),
        top_rank=top_rank,
        top_count=len(view.top_cards),
        top_seat=-1 if view.top_seat is None else view.top_seat,
        passed=passed,
        finished=tuple(view.finished),
        scores=tuple(view.scores),
        **_guesses(view, infer),
    )


def _was_gift(view: Observation, giver: int) -> bool:
    """Whether ``giver`` gave to this seat automatically (its highest cards), not as a return.

    The automatic gifts go from the bottom of the last round to its top, so the
    giver finished below this seat in the previous round.
    """
    if not view.results:
        return False
    order = view.results[-1].finish_order
    return order.index(giver) > order.index(view.seat)


def _guesses(view: Observation, wanted: bool) -> dict[str, tuple[Any, ...]]:
    if not wanted:
        return {}
    inferred = infer_from_moves(view)
    return {"clues": inferred.clues, "avoid": inferred.avoid}
