"""The game state: one frozen value; every transition makes a new one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, cast

from president.rules.options import RULES_VERSION, Options

NO_RANK = -1
NO_SEAT = -1


class Phase(StrEnum):
    """Where the game is. ``deal`` is the chance node before each round."""

    DEAL = "deal"
    EXCHANGE = "exchange"
    PLAY = "play"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: seats from first out to last; points and titles per seat."""

    round: int
    finish_order: tuple[int, ...]
    points: tuple[int, ...]
    titles: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "finish_order": list(self.finish_order),
            "points": list(self.points),
            "titles": list(self.titles),
        }


@dataclass(frozen=True, slots=True)
class Move:
    """A public move of the current round: cards played, or ``()`` for a pass."""

    seat: int
    cards: tuple[str, ...]

    @property
    def is_pass(self) -> bool:
        return not self.cards


@dataclass(frozen=True, slots=True)
class Transfer:
    """Cards that changed hands in the exchange (private to giver and receiver)."""

    giver: int
    receiver: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need; hands are 52-bit masks (see ``president.rules.cards``).

    ``top_rank``/``top_count``/``top_seat`` describe the cards to beat in the
    current trick (``NO_RANK`` when the trick is empty); ``passed`` is a bit mask
    of seats that passed in this trick; ``finished`` lists this round's seats in
    finishing order; ``owed`` lists exchange returns still due as
    ``(seat, to_seat, count)``.
    """

    options: Options
    phase: Phase
    round: int
    leader: int
    hands: tuple[int, ...]
    to_act: int | None
    top_rank: int
    top_count: int
    top_seat: int
    passed: int
    finished: tuple[int, ...]
    reversed: bool
    owed: tuple[tuple[int, int, int], ...]
    transfers: tuple[Transfer, ...]
    history: tuple[Move, ...]
    trick_start: int
    results: tuple[RoundResult, ...]
    scores: tuple[int, ...]
    rules_version: str = RULES_VERSION

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def trick_empty(self) -> bool:
        return self.top_rank == NO_RANK

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Seats that still owe an exchange return."""
        return tuple(seat for seat, _, _ in self.owed)

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(hand.bit_count() for hand in self.hands)


def new_game(options: Options | None = None) -> GameState:
    """A game waiting for its first deal (round 1 is led by seat 0)."""
    options = options or Options()
    return GameState(
        options=options,
        phase=Phase.DEAL,
        round=0,
        leader=0,
        hands=(0,) * options.players,
        to_act=None,
        top_rank=NO_RANK,
        top_count=0,
        top_seat=NO_SEAT,
        passed=0,
        finished=(),
        reversed=False,
        owed=(),
        transfers=(),
        history=(),
        trick_start=0,
        results=(),
        scores=(0,) * options.players,
    )


def _make_evolve() -> Callable[..., GameState]:
    # dataclasses.replace re-validates every field on every call and dominated the
    # engine's profile; a generated copier with keyword defaults is ~5x faster.
    names = [name for name in GameState.__dataclass_fields__]
    params = ", ".join(f"{name}=_KEEP" for name in names)
    body = "".join(
        f"    _set(new, {name!r}, state.{name} if {name} is _KEEP else {name})\n" for name in names
    )
    source = f"def evolve(state, *, {params}):\n    new = _new(_cls)\n{body}    return new\n"
    scope: dict[str, Any] = {
        "_KEEP": object(),
        "_set": object.__setattr__,
        "_new": object.__new__,
        "_cls": GameState,
    }
    exec(source, scope)
    return cast(Callable[..., GameState], scope["evolve"])


evolve = _make_evolve()
"""``evolve(state, **changes)``: a copy of ``state`` with ``changes``, like ``replace``."""
