"""Sure exits: can the seat play out its hand whatever the unseen cards are?

A play is *safe* when no combination of the unseen cards can beat it, even if
one opponent held them all: then everyone passes and the seat leads again. A
hand plays out surely when it can lead safe plays one after another and its
last play (safe or not) empties it.
"""

from __future__ import annotations

from collections.abc import Sequence

Move = tuple[int, int]


def beats_exist(rank: int, count: int, unseen: Sequence[int], reversed_: bool) -> bool:
    """Whether the unseen cards hold ``count`` of a rank above ``rank`` in the order."""
    stronger = range(rank - 1, -1, -1) if reversed_ else range(rank + 1, 13)
    return any(unseen[r] >= count for r in stronger)


def is_safe(
    rank: int, count: int, unseen: Sequence[int], reversed_: bool, revolution: bool
) -> bool:
    """Whether nobody can answer ``count`` cards of ``rank`` (a four is answered in
    the order it leaves behind)."""
    if count == 4 and revolution:
        return not beats_exist(rank, 4, unseen, not reversed_)
    return not beats_exist(rank, count, unseen, reversed_)


def flips(count: int, revolution: bool) -> bool:
    return count == 4 and revolution


def sure_exit(
    mine: Sequence[int],
    unseen: Sequence[int],
    *,
    reversed_: bool,
    revolution: bool,
    top_rank: int = -1,
    top_count: int = 0,
) -> Move | None:
    """The first play of a sure way out of the hand, or None if there is none."""
    total = sum(mine)
    if top_rank < 0:
        return _lead_out(tuple(mine), total, unseen, reversed_, revolution, {})
    stronger = range(top_rank - 1, -1, -1) if reversed_ else range(top_rank + 1, 13)
    for rank in stronger:
        if mine[rank] < top_count:
            continue
        if total == top_count:
            return rank, top_count
        if is_safe(rank, top_count, unseen, reversed_, revolution):
            rest = list(mine)
            rest[rank] -= top_count
            after = reversed_ ^ flips(top_count, revolution)
            if _lead_out(tuple(rest), total - top_count, unseen, after, revolution, {}):
                return rank, top_count
    return None


def _lead_out(
    mine: tuple[int, ...],
    total: int,
    unseen: Sequence[int],
    reversed_: bool,
    revolution: bool,
    seen: dict[tuple[tuple[int, ...], bool], Move | None],
) -> Move | None:
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
            if not is_safe(rank, count, unseen, reversed_, revolution):
                continue
            rest = list(mine)
            rest[rank] -= count
            after = reversed_ ^ flips(count, revolution)
            if _lead_out(tuple(rest), total - count, unseen, after, revolution, seen):
                seen[key] = (rank, count)
                return seen[key]
    return None
