"""Deals of the unseen cards consistent with a seat's knowledge (determinizations)."""

from __future__ import annotations

import random

from president.ai.knowledge import NO_CEILING, Knowledge
from president.rules.cards import mask_cards


def sample_hands(knowledge: Knowledge, rng: random.Random) -> list[int]:
    """Hand masks for every seat: the seat's own hand, and for each other seat its
    known cards plus unseen cards drawn at random (sizes and ceilings respected)."""
    hands = list(knowledge.known)
    hands[knowledge.seat] = knowledge.hand
    free = knowledge.unseen
    for mask in knowledge.known:
        free &= ~mask
    pool = list(mask_cards(free))
    rng.shuffle(pool)
    order = sorted(
        (s for s in range(knowledge.players) if s != knowledge.seat),
        key=lambda s: knowledge.ceiling[s],
    )
    for other in order:
        need = knowledge.sizes[other] - hands[other].bit_count()
        if need <= 0:
            continue
        ceiling = knowledge.ceiling[other]
        taken = [c for c in pool if c < ceiling][:need] if ceiling < NO_CEILING else pool[:need]
        if len(taken) < need:  # an inconsistent view: fall back to any free card
            taken = pool[:need]
        for card in taken:
            hands[other] |= 1 << card
        chosen = set(taken)
        pool = [c for c in pool if c not in chosen]
    return hands
