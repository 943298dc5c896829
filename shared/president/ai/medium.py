"""The Medium level: a stable heuristic over the seat's counted knowledge (sure exits,
lowest groups first, the top rank kept to take the lead back)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from president.ai.choices import choices_of, strength
from president.ai.knowledge import Knowledge, knowledge_of
from president.ai.plan import is_safe, sure_exit
from president.ai.returns import best_return
from president.ai.sim import SimMove
from president.rules import Action, Observation

TOP = 12
HOLD = 11
HIGH_TRICK = 8
SHORT_HAND = 4
CLOSE_TO_OUT = 2
LOW_BREAK = 5
SPARE_TRICK = 6


@dataclass(frozen=True, slots=True)
class MediumPolicy:
    """Deterministic: the same view always gets the same action (``seed`` is unused)."""

    seed: int | None = None

    def decide(self, view: Observation) -> Action:
        choices = choices_of(view)
        if choices.returns:
            return best_return(view)
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        move = medium_move(knowledge_of(view))
        if move is None or move not in choices.plays:
            return choices.pass_action or choices.plays[choices.ordered(view.reversed)[0]]
        return choices.plays[move]


def medium_move(k: Knowledge) -> SimMove | None:
    """Medium's play ``(rank, count)`` for the knowledge, or None to pass."""
    mine = k.mine
    unseen = k.unseen_counts
    sure = sure_exit(
        mine,
        unseen,
        reversed_=k.reversed,
        revolution=k.revolution,
        top_rank=k.top_rank,
        top_count=k.top_count,
    )
    if sure is not None:
        return sure
    if k.top_rank < 0:
        return _lead(mine, unseen, k.reversed, k.revolution)
    threat = min((k.sizes[s] for s in k.holders if s != k.seat), default=99)
    return _follow(mine, k.top_rank, k.top_count, k.reversed, threat)


def _lead(mine: Sequence[int], unseen: Sequence[int], rev: bool, revolution: bool) -> SimMove:
    held = sorted((r for r in range(13) if mine[r]), key=lambda r: strength(r, rev))

    def power(rank: int) -> bool:
        count = mine[rank]
        return (
            strength(rank, rev) == TOP
            or (count == 4 and revolution)
            or is_safe(rank, count, unseen, rev, revolution)
        )

    plain = [r for r in held if not power(r)]
    if plain:
        return plain[0], mine[plain[0]]
    no_four = [r for r in held if not (mine[r] == 4 and revolution)]
    rank = no_four[0] if no_four else held[0]
    return rank, mine[rank]


def _follow(mine: Sequence[int], top: int, need: int, rev: bool, threat: int) -> SimMove | None:
    total = sum(mine)
    stronger = range(top - 1, -1, -1) if rev else range(top + 1, 13)
    options = [r for r in stronger if mine[r] >= need]
    if not options:
        return None
    urgent = total <= SHORT_HAND or threat <= CLOSE_TO_OUT
    plain = [r for r in options if strength(r, rev) < TOP]
    exact = [r for r in plain if mine[r] == need]
    if exact:
        if urgent or strength(exact[0], rev) < HOLD:
            return exact[0], need
        return None
    broken = [r for r in plain if mine[r] < 4]
    if broken and (urgent or strength(broken[0], rev) <= LOW_BREAK):
        return broken[0], need
    best = 0 if rev else TOP
    if mine[best] < need:
        return None
    trick = strength(top, rev)
    spare = mine[best] > need and trick >= SPARE_TRICK
    if urgent or trick >= HIGH_TRICK or spare:
        return best, need
    return None
