"""A lean simulator of one round of play over per-rank card counts (rank 0 = ``3``),
mirroring ``president.rules.engine``, which stays the authority."""

from __future__ import annotations

NO_SEAT = -1
NO_RANK = -1
RANK_COUNT = 13
SimMove = tuple[int, int]
"""A play in the simulator: (rank, count) of one rank's cards."""


class Sim:
    """A mutable round in play; ``to_act`` is ``NO_SEAT`` once the round is over.

    ``remaining[rank]`` counts the cards of ``rank`` still in all hands.
    """

    __slots__ = (
        "finished",
        "hands",
        "passed",
        "players",
        "remaining",
        "reversed",
        "revolution",
        "sizes",
        "to_act",
        "top_count",
        "top_rank",
        "top_seat",
    )

    def __init__(
        self,
        hands: list[list[int]],
        *,
        to_act: int,
        reversed_: bool = False,
        revolution: bool = True,
        top_rank: int = NO_RANK,
        top_count: int = 0,
        top_seat: int = NO_SEAT,
        passed: int = 0,
        finished: list[int] | None = None,
    ) -> None:
        self.hands = hands
        self.sizes = [sum(hand) for hand in hands]
        self.remaining = [sum(column) for column in zip(*hands, strict=True)]
        self.players = len(hands)
        self.to_act = to_act
        self.reversed = reversed_
        self.revolution = revolution
        self.top_rank = top_rank
        self.top_count = top_count
        self.top_seat = top_seat
        self.passed = passed
        self.finished = list(finished or [])

    def copy(self) -> Sim:
        new = Sim.__new__(Sim)
        new.hands = [hand[:] for hand in self.hands]
        new.sizes = self.sizes[:]
        new.remaining = self.remaining[:]
        new.players = self.players
        new.to_act = self.to_act
        new.reversed = self.reversed
        new.revolution = self.revolution
        new.top_rank = self.top_rank
        new.top_count = self.top_count
        new.top_seat = self.top_seat
        new.passed = self.passed
        new.finished = self.finished[:]
        return new

    def _next(self, after: int, passed: int) -> int:
        sizes = self.sizes
        players = self.players
        seat = after
        for _ in range(players):
            seat += 1
            if seat == players:
                seat = 0
            if sizes[seat] and not passed >> seat & 1:
                return seat
        return NO_SEAT

    def play(self, seat: int, rank: int, count: int) -> None:
        """``seat`` (the seat to act) plays ``count`` cards of ``rank``."""
        self.hands[seat][rank] -= count
        self.remaining[rank] -= count
        sizes = self.sizes
        sizes[seat] -= count
        if count == 4 and self.revolution:
            self.reversed = not self.reversed
        if not sizes[seat]:
            self.finished.append(seat)
            if len(self.finished) == self.players - 1:
                self.finished.append(next(s for s in range(self.players) if sizes[s]))
                self.to_act = NO_SEAT
                return
        after = self._next(seat, self.passed)
        if after in (NO_SEAT, seat):
            self.to_act = seat if sizes[seat] else self._next(seat, 0)
            self.top_rank = NO_RANK
            self.top_count = 0
            self.top_seat = NO_SEAT
            self.passed = 0
        else:
            self.to_act = after
            self.top_rank = rank
            self.top_count = count
            self.top_seat = seat

    def pass_(self, seat: int) -> None:
        """``seat`` (the seat to act) passes."""
        passed = self.passed | 1 << seat
        top = self.top_seat
        after = self._next(seat, passed)
        if after in (top, NO_SEAT):
            self.to_act = top if self.sizes[top] else self._next(top, 0)
            self.top_rank = NO_RANK
            self.top_count = 0
            self.top_seat = NO_SEAT
            self.passed = 0
        else:
            self.to_act = after
            self.passed = passed

    def place_of(self, seat: int) -> int:
        """Finishing place of ``seat`` (1 = first out), 0 while it still plays."""
        finished = self.finished
        return finished.index(seat) + 1 if seat in finished else 0
