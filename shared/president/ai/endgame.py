"""Exact play when two players remain: a memoised search over hands packed 3 bits per
rank, every unseen card being in the other hand."""

from __future__ import annotations

from dataclasses import dataclass

from president.ai.sim import NO_SEAT, Sim, SimMove


class SearchTooLarge(Exception):
    """The endgame needs more nodes than allowed."""


def pack(counts: list[int]) -> int:
    packed = 0
    for rank, count in enumerate(counts):
        packed |= count << (3 * rank)
    return packed


class Endgame:
    """A two-player solver with its own memo and node budget."""

    def __init__(self, revolution: bool, max_nodes: int = 40_000) -> None:
        self.revolution = revolution
        self.max_nodes = max_nodes
        self.nodes = 0
        self.memo: dict[tuple[int, int, int, int, bool], bool] = {}

    def wins(self, mine: int, other: int, top: int, need: int, rev: bool) -> bool:
        """Whether the player to act with ``mine`` goes out before ``other``
        (``top``/``need``: the trick to beat, played by ``other``; -1 when leading)."""
        key = (mine, other, top, need, rev)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchTooLarge
        result = self._search(mine, other, top, need, rev)
        self.memo[key] = result
        return result

    def _search(self, mine: int, other: int, top: int, need: int, rev: bool) -> bool:
        revolution = self.revolution
        if top < 0:
            moves = [(r, c) for r in range(13) for c in range((mine >> 3 * r) & 7, 0, -1)]
        else:
            if not self.wins(other, mine, -1, 0, rev):
                return True
            stronger = range(top - 1, -1, -1) if rev else range(top + 1, 13)
            moves = [(r, need) for r in stronger if (mine >> 3 * r) & 7 >= need]
        for rank, count in moves:
            if mine == count << 3 * rank:
                return True
        for rank, count in moves:
            after = rev ^ (count == 4 and revolution)
            if not self.wins(other, mine - (count << 3 * rank), rank, count, after):
                return True
        return False

    def sim_wins(self, sim: Sim, seat: int) -> bool:
        """Whether ``seat`` goes out before the other holder from ``sim`` with best play."""
        if seat in sim.finished:
            return sim.finished.index(seat) < len(sim.finished) - 1
        actor = sim.to_act
        if actor == NO_SEAT:
            return False
        other = next(s for s in range(sim.players) if sim.sizes[s] and s != actor)
        if sim.top_rank < 0 or sim.top_seat == other:
            mine, theirs = pack(sim.hands[actor]), pack(sim.hands[other])
            won = self.wins(mine, theirs, sim.top_rank, sim.top_count, sim.reversed)
            return won if actor == seat else not won
        want = actor == seat
        for move in legal_moves(sim):
            after = sim.copy()
            apply_move(after, move)
            if self.sim_wins(after, seat) == want:
                return want
        return not want


def legal_moves(sim: Sim) -> list[SimMove | None]:
    """The simulator's legal moves for the seat to act (None is a pass)."""
    hand = sim.hands[sim.to_act]
    top = sim.top_rank
    if top < 0:
        return [(r, c) for r in range(13) for c in range(hand[r], 0, -1)]
    stronger = range(top - 1, -1, -1) if sim.reversed else range(top + 1, 13)
    moves: list[SimMove | None] = [(r, sim.top_count) for r in stronger if hand[r] >= sim.top_count]
    moves.append(None)
    return moves


def apply_move(sim: Sim, move: SimMove | None) -> None:
    """Play ``move`` for the seat to act."""
    if move is None:
        sim.pass_(sim.to_act)
    else:
        sim.play(sim.to_act, move[0], move[1])


def solve(sim: Sim, seat: int, moves: list[SimMove | None], max_nodes: int) -> Solved:
    """A move among ``moves`` that wins the two-player end for ``seat`` (to act)."""
    solver = Endgame(sim.revolution, max_nodes)
    try:
        for move in moves:
            after = sim.copy()
            apply_move(after, move)
            if solver.sim_wins(after, seat):
                return Solved(True, move)
    except SearchTooLarge:
        return Solved(False, None)
    return Solved(False, None)


@dataclass(frozen=True, slots=True)
class Solved:
    """``winning`` is True when ``move`` wins against any defence."""

    winning: bool
    move: SimMove | None
