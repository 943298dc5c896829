"""Sure exits: can the seat play out its hand whatever the unseen cards are (one safe,
unbeatable play after another, the last one emptying the hand)?"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from president.ai.sim import SimMove

Ceilings = tuple[tuple[int, ...], tuple[int, ...]]


def ceilings(unseen: Sequence[int]) -> Ceilings:
    """Per rank, the most unseen cards of one rank above it in normal order, and below it."""
    from_top = list(accumulate(reversed(unseen), max))
    from_bottom = list(accumulate(unseen, max))
    return (*reversed(from_top[:12]), 0), (0, *from_bottom[:12])


def is_safe(
    rank: int, count: int, unseen: Sequence[int], reversed_: bool, revolution: bool
) -> bool:
    """Whether nobody can answer ``count`` cards of ``rank`` (a four is answered in
    the order it leaves behind)."""
    return _safe(rank, count, ceilings(unseen), reversed_, revolution)


def _safe(rank: int, count: int, bounds: Ceilings, reversed_: bool, revolution: bool) -> bool:
    if count == 4 and revolution:
        reversed_ = not reversed_
    return bounds[1 if reversed_ else 0][rank] < count


def sure_exit(
    mine: Sequence[int],
    unseen: Sequence[int],
    *,
    reversed_: bool,
    revolution: bool,
    top_rank: int = -1,
    top_count: int = 0,
) -> SimMove | None:
    """The first play of a sure way out of the hand, or None if there is none."""
    total = sum(mine)
    bounds = ceilings(unseen)
    if top_rank < 0:
        return _lead_out(tuple(mine), total, bounds, reversed_, revolution, {})
    stronger = range(top_rank - 1, -1, -1) if reversed_ else range(top_rank + 1, 13)
    for rank in stronger:
        if mine[rank] < top_count:
            continue
        if total == top_count:
            return rank, top_count
        if _safe(rank, top_count, bounds, reversed_, revolution):
            rest = list(mine)
            rest[rank] -= top_count
            after = reversed_ ^ (top_count == 4 and revolution)
            if _lead_out(tuple(rest), total - top_count, bounds, after, revolution, {}):
                return rank, top_count
    return None


def _lead_out(
    mine: tuple[int, ...],
    total: int,
    bounds: Ceilings,
    reversed_: bool,
    revolution: bool,
    seen: dict[tuple[tuple[int, ...], bool], SimMove | None],
) -> SimMove | None:
    key = (mine, reversed_)
    if key in seen:
        return seen[key]
    seen[key] = None
    for rank in range(13):
        held = mine[rank]
        if held == total:
            seen[key] = (rank, held)
            return seen[key]
        for count in range(held, 0, -1):
            if not _safe(rank, count, bounds, reversed_, revolution):
                continue
            rest = list(mine)
            rest[rank] -= count
            after = reversed_ ^ (count == 4 and revolution)
            if _lead_out(tuple(rest), total - count, bounds, after, revolution, seen):
                seen[key] = (rank, count)
                return seen[key]
    return None
