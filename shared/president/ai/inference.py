"""What the opponents' own moves suggest about their hands: cards a lead, a follow or a
pass of this round suggests a seat holds none of (clues, dropped when contradicted)."""

from __future__ import annotations

from dataclasses import dataclass

from president.ai.policy import HistoryMissing
from president.ai.sim import Sim
from president.rules import Observation
from president.rules.cards import CARD_INDEX, names_mask

HOLD_STRENGTH = 11
"""Groups this high (aces) are kept back, so passing on them says nothing."""
_RANK_MASKS = tuple(0xF << (rank << 2) for rank in range(13))


@dataclass(frozen=True, slots=True)
class Clue:
    """``seat`` declined, on ``count`` cards of rank ``low`` (order ``reversed``),
    every group of exactly ``count`` up to (not including) ``high``; ``later`` holds
    the cards it played since, so its hand then was its hand now plus ``later``."""

    seat: int
    low: int
    high: int
    count: int
    reversed: bool
    later: int

    def explained_by(self, hand: int) -> bool:
        """Whether a hand (now) agrees with the clue."""
        held = hand | self.later
        if self.reversed:
            ranks = range(self.low - 1, max(self.high, 12 - HOLD_STRENGTH), -1)
        else:
            ranks = range(self.low + 1, min(self.high, HOLD_STRENGTH))
        return all((held >> (rank << 2) & 0xF).bit_count() != self.count for rank in ranks)


@dataclass(frozen=True, slots=True)
class Inferred:
    """Clues, and per seat the cards it probably does not hold."""

    clues: tuple[Clue, ...]
    avoid: tuple[int, ...]


def infer(view: Observation) -> Inferred:
    """Replay the round's public moves and read the opponents' choices.

    Raises ``HistoryMissing`` for a view without the moves (a prompt's).
    """
    moves = view.history
    if moves is None:
        raise HistoryMissing("the opponents' clues are read from the round's moves")
    players = view.players
    played = [0] * players
    for move in moves:
        if move.cards:
            played[move.seat] |= names_mask(move.cards)
    sim = _replayer(view, played)
    clues: list[Clue] = []
    avoid = [0] * players
    contradicted = [False] * players
    played_since = [0] * players
    later_of: list[int] = [0] * len(moves)
    for index in range(len(moves) - 1, -1, -1):
        move = moves[index]
        later_of[index] = played_since[move.seat]
        if move.cards:
            played_since[move.seat] |= names_mask(move.cards)
    for index, move in enumerate(moves):
        seat = move.seat
        if sim.to_act != seat:
            return Inferred((), tuple([0] * players))
        top, need, order = sim.top_rank, sim.top_count, sim.reversed
        if not move.cards:
            if seat != view.seat and top >= 0:
                end = -1 if order else 13
                clues.append(Clue(seat, top, end, need, order, later_of[index]))
            sim.pass_(seat)
            continue
        rank = CARD_INDEX[move.cards[0]] >> 2
        count = len(move.cards)
        if seat != view.seat:
            if top < 0:
                weaker = _weaker_mask(rank, order) | _RANK_MASKS[rank]
                if weaker & later_of[index]:
                    contradicted[seat] = True
                avoid[seat] |= weaker
            else:
                clues.append(Clue(seat, top, rank, need, order, later_of[index]))
        sim.play(seat, rank, count)
    for clue in clues:
        if not clue.explained_by(0):  # its own later plays show it held such a group
            contradicted[clue.seat] = True
    for seat in range(players):
        if contradicted[seat]:
            avoid[seat] = 0
    kept = tuple(c for c in clues if not contradicted[c.seat])
    return Inferred(kept, tuple(avoid))


def _weaker_mask(rank: int, reversed_: bool) -> int:
    mask = 0
    for other in range(rank + 1, 13) if reversed_ else range(rank):
        mask |= _RANK_MASKS[other]
    return mask


def _replayer(view: Observation, played: list[int]) -> Sim:
    """A simulator of the round from its first lead, turns only: each seat holds
    the cards it played, and its cards still hidden counted under rank 3."""
    hands = []
    for seat in range(view.players):
        counts = [0] * 13
        mask = played[seat]
        for rank in range(13):
            counts[rank] = (mask >> (rank << 2) & 0xF).bit_count()
        counts[0] += view.hand_sizes[seat]
        hands.append(counts)
    return Sim(hands, to_act=view.leader, revolution=bool(view.options.get("revolution", True)))
