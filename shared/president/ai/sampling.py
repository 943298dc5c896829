"""Deals of the unseen cards consistent with a seat's knowledge (determinizations)."""

from __future__ import annotations

import random

from president.ai.knowledge import Knowledge
from president.rules.cards import mask_cards


def sample_hands(knowledge: Knowledge, rng: random.Random) -> list[int]:
    """Hand masks for every seat: the seat's own hand, and for each other seat its
    known cards plus unseen cards drawn at random.

    Sizes, known cards and ceilings always hold. Cards a seat probably avoids
    (``knowledge.avoid``) go elsewhere when there is room; the most constrained
    cards are placed first, each to a seat drawn in proportion to its free room.
    """
    seat = knowledge.seat
    hands = list(knowledge.known)
    hands[seat] = knowledge.hand
    free = knowledge.unseen
    for mask in knowledge.known:
        free &= ~mask
    others = [s for s in range(knowledge.players) if s != seat]
    room = [
        knowledge.sizes[s] - hands[s].bit_count() if s != seat else 0 for s in range(len(hands))
    ]
    allowed = [(1 << knowledge.ceiling[s]) - 1 for s in range(len(hands))]
    avoid = knowledge.avoid or (0,) * len(hands)
    pool = list(mask_cards(free))
    rng.shuffle(pool)
    likely = [allowed[s] & ~avoid[s] for s in range(len(hands))]
    pool.sort(
        key=lambda card: (
            sum(allowed[s] >> card & 1 for s in others),
            sum(likely[s] >> card & 1 for s in others),
        )
    )
    for card in pool:
        seats = [s for s in others if room[s] and likely[s] >> card & 1]
        if not seats:
            seats = [s for s in others if room[s] and allowed[s] >> card & 1]
        if not seats:  # an inconsistent view: any seat with room
            seats = [s for s in others if room[s]]
        pick = _weighted(seats, room, rng)
        hands[pick] |= 1 << card
        room[pick] -= 1
    return hands


def _weighted(seats: list[int], room: list[int], rng: random.Random) -> int:
    if len(seats) == 1:
        return seats[0]
    draw = rng.randrange(sum(room[s] for s in seats))
    for seat in seats:
        draw -= room[seat]
        if draw < 0:
            return seat
    return seats[-1]


KEEP = 0.0
"""Chance of keeping a deal per pass it cannot explain (see ``plausible_hands``)."""
TRIES = 12


def unexplained(hands: list[int], knowledge: Knowledge) -> int:
    """How many of the opponents' clues a deal leaves unexplained."""
    return sum(1 for clue in knowledge.clues if not clue.explained_by(hands[clue.seat]))


def plausible_hands(knowledge: Knowledge, rng: random.Random) -> list[int]:
    """A deal drawn like ``sample_hands``, weighted by how well it explains the
    opponents' passes: players usually beat a trick with an exact group when they
    hold one, so each unexplained pass keeps a deal with chance ``KEEP`` (the
    best of ``TRIES`` draws is kept when none passes)."""
    best: list[int] = []
    fewest = -1
    for _ in range(TRIES):
        hands = sample_hands(knowledge, rng)
        missed = unexplained(hands, knowledge) if knowledge.clues else 0
        if not missed or rng.random() < KEEP**missed:
            return hands
        if fewest < 0 or missed < fewest:
            best, fewest = hands, missed
    return best
