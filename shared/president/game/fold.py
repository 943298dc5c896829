"""A game as its ``game-{table_id}`` stream says: a pure, incremental fold of the rules
events and of what the services need (command ids, due seats, deadlines, presence)."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from president.game.events import (
    GAME_SERVICE_EVENT_TYPES,
    DealCommitted,
    GameCreated,
    SeatAway,
    SeatBack,
    SeatLeft,
    TurnDeadlineSet,
    TurnTimedOut,
)
from president.rules import (
    Event,
    GameState,
    Phase,
    Refusal,
    event_from_dict,
    new_game,
)
from president.rules.replay import ReplayError, step
from president.store import NewEvent, Recorded


class CorruptGame(ValueError):
    """The stream does not follow from the rules (or does not start with GameCreated)."""


@dataclass(frozen=True)
class CommandEffect:
    """What one command wrote: its versions and log positions, and the fingerprint of what
    it said (metadata ``command_fingerprint``), when recorded."""

    first_version: int
    last_version: int
    positions: tuple[int, ...]
    fingerprint: str | None = None


CommandKey = tuple[str, str]
"""A command as the log keys it: (its sender, its command id). The sender is the event
metadata's ``requested_by``, ``""`` when anonymous or not recorded."""


@dataclass(frozen=True)
class Appended:
    """An event just appended, in the shape the fold reads (no need to read it back)."""

    version: int
    position: int
    type: str
    data: Mapping[str, Any]
    metadata: Mapping[str, Any]


def appended(
    events: Sequence[NewEvent], first_version: int, positions: Sequence[int]
) -> list[Appended]:
    """``events`` as an append recorded them from ``first_version`` at ``positions``."""
    folded: list[Appended] = []
    version = first_version
    for event, position in zip(events, positions, strict=True):  # a loop: no listcomp frame
        folded.append(Appended(version, position, event.type, event.data, event.metadata))
        version += 1
    return folded


_DECISIONS = ("CardsPlayed", "Passed", "CardsReturned")
_POSITION = operator.attrgetter("position")

TAKEOVER_ACTOR = "takeover"
"""The ``actor`` of an action the takeover level played for a seat (its metadata names
the seat, the level and the reason: ``timed_out``, ``away`` or ``left``)."""

EndReason = Literal["acted", "timed_out", "taken_over", "phase_changed"]


@dataclass(frozen=True)
class Deadline:
    """When a due seat's turn times out, and the clock it was given (seconds)."""

    at: datetime | None
    seconds: float


@dataclass(frozen=True)
class TurnEnd:
    """How a seat's turn (due since ``turn_version``) ended, as of ``ended_version``."""

    turn_version: int
    ended_version: int
    reason: EndReason


def seats_to_act(state: GameState) -> tuple[int, ...]:
    """The seats whose decision the game waits for (one in play, one or two in exchange)."""
    if state.phase is Phase.PLAY and state.to_act is not None:
        return (state.to_act,)
    if state.phase is Phase.EXCHANGE:
        return tuple(state.awaiting)
    return ()


@dataclass
class Game:
    """The fold of one game stream up to ``version``. Mutable; fed by ``apply``."""

    table_id: str
    version: int = 0
    created: GameCreated | None = None
    state: GameState | None = None
    seeds: dict[int, str] = field(default_factory=dict)
    commands: dict[CommandKey, CommandEffect] = field(default_factory=dict)
    """(sender, command id) -> what that command wrote."""
    turns: dict[int, int] = field(default_factory=dict)
    """seat -> the version since which the game waits for that seat."""
    deadlines: dict[int, Deadline] = field(default_factory=dict)
    """seat -> the deadline of its current turn (due seats on a clock, away or left)."""
    ended: dict[int, TurnEnd] = field(default_factory=dict)
    """seat -> how its last turn ended."""
    away: dict[int, str] = field(default_factory=dict)
    """seat -> why it is away (``asked``, ``timeouts``)."""
    left: set[int] = field(default_factory=set)
    timeouts_in_row: dict[int, int] = field(default_factory=dict)
    timed_out: dict[int, int] = field(default_factory=dict)
    """seat -> the version of its last TurnTimedOut."""
    _pending: list[Event] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return self.state is not None

    def current_seed(self) -> str | None:
        """The seed of the round being played (None before the first deal)."""
        return None if self.state is None else self.seeds.get(self.state.round)

    def apply(
        self,
        events: Iterable[Recorded],
        *,
        decided: GameState | None = None,
        due: tuple[int, ...] | None = None,
    ) -> None:
        """Fold the next events (in version order, whole appends at a time). ``decided``:
        the rules state after ``events``, one append's, as the decision that caused them
        computed it from this fold's state; kept instead of replaying the rules events.
        ``due``: the seats due in ``decided`` (:func:`seats_to_act`'s), when the decision
        worked them out; else the fold does."""
        if decided is not None:
            append = list(events)
            if append:
                self.apply_append(append, decided, due)
            return
        group: list[Recorded] = []
        for event in events:
            if group and _command_key(event) != _command_key(group[0]):
                self.apply_append(group)
                group = []
            group.append(event)
        if group:
            self.apply_append(group)

    def is_due(self, seat: int) -> bool:
        return seat in self.turns

    def seat_kind(self, seat: int) -> str:
        return "" if self.created is None else self.created.seats[seat].kind

    @property
    def has_person(self) -> bool:
        """Whether a person holds a seat: its AI seats' decisions are interactive."""
        return self.created is not None and any(s.kind == "human" for s in self.created.seats)

    def apply_append(
        self,
        group: Sequence[Recorded],
        decided: GameState | None = None,
        due: tuple[int, ...] | None = None,
    ) -> None:
        """Fold the events of one append (at least one; they share their command), as
        :meth:`apply` does; ``decided``: the rules state after them, and ``due`` the seats
        due in it, as for :meth:`apply` (``due`` is taken only with ``decided``)."""
        deciders: dict[int, EndReason] = {}
        deadlines: dict[int, Deadline] = {}
        new_round = False
        key = _command_key(group[0])
        for event in group:
            if event.version != self.version + 1:
                raise CorruptGame(f"version {event.version} follows {self.version}")
            if decided is None or event.type in GAME_SERVICE_EVENT_TYPES:
                self._apply_one(event)  # decided: only what the rules state does not hold
            self.version = event.version
            if event.type in _DECISIONS:
                data, meta = event.data, event.metadata
                seat = int(data["giver"] if event.type == "CardsReturned" else data["seat"])
                if meta.get("actor") != TAKEOVER_ACTOR:  # the seat acted: no time-outs in a row
                    self.timeouts_in_row.pop(seat, None)
                    deciders[seat] = "acted"
                elif meta.get("takeover_reason") == "timed_out":
                    deciders[seat] = "timed_out"
                else:
                    deciders[seat] = "taken_over"
            elif event.type == "TurnDeadlineSet":
                set_ = TurnDeadlineSet.model_validate(event.data)
                deadlines[set_.seat] = Deadline(set_.deadline, set_.seconds)
            new_round = new_round or event.type == "RoundDealt"
        if decided is not None:
            self.state = decided
        if key is not None and key not in self.commands:
            fingerprint = group[0].metadata.get("command_fingerprint")
            self.commands[key] = CommandEffect(
                group[0].version,
                group[-1].version,
                tuple(map(_POSITION, group)),
                fingerprint if isinstance(fingerprint, str) else None,
            )
        if decided is None or due is None:
            due = seats_to_act(self.state) if self.state is not None else ()
        self._track_turns(deciders, new_round, deadlines, due)

    def _apply_one(self, event: Recorded) -> None:
        if event.type == "GameCreated":
            if self.created is not None:
                raise CorruptGame("a second GameCreated")
            self.created = GameCreated.model_validate(event.data)
            self.state = new_game(self.created.rules_options())
            return
        if self.state is None:
            raise CorruptGame(f"{event.type} before GameCreated")
        if event.type == "DealCommitted":
            deal = DealCommitted.model_validate(event.data)
            self.seeds[deal.round] = deal.seed
            return
        if event.type in GAME_SERVICE_EVENT_TYPES:
            self._apply_presence(event.type, event.data, event.version)
            return
        self._apply_rules_event(event_from_dict(event.type, dict(event.data)))

    def _apply_rules_event(self, event: Event) -> None:
        assert self.state is not None
        if self._pending:
            derived = self._pending.pop(0)
            if derived != event:
                raise CorruptGame(f"recorded {event!r}, the rules give {derived!r}")
            return
        try:
            outcome = step(self.state, event)
        except ReplayError as exc:
            raise CorruptGame(exc.message) from exc
        if isinstance(outcome, Refusal):
            raise CorruptGame(f"{event.type} was illegal: {outcome.code.value}")
        if outcome.events[0] != event:
            raise CorruptGame(f"recorded {event!r}, the rules give {outcome.events[0]!r}")
        self._pending = list(outcome.events[1:])
        self.state = outcome.state

    def _apply_presence(self, event_type: str, data: Mapping[str, Any], version: int) -> None:
        if event_type == "TurnTimedOut":
            seat = TurnTimedOut.model_validate(data).seat
            self.timed_out[seat] = version
            self.timeouts_in_row[seat] = self.timeouts_in_row.get(seat, 0) + 1
        elif event_type == "SeatAway":
            away = SeatAway.model_validate(data)
            self.away[away.seat] = away.reason
        elif event_type == "SeatBack":
            seat = SeatBack.model_validate(data).seat
            self.away.pop(seat, None)
            self.timeouts_in_row.pop(seat, None)
        elif event_type == "SeatLeft":
            self.left.add(SeatLeft.model_validate(data).seat)

    def _track_turns(
        self,
        deciders: dict[int, EndReason],
        new_round: bool,
        deadlines: dict[int, Deadline],
        due: tuple[int, ...],
    ) -> None:
        if self._pending:
            raise CorruptGame(f"an append ends before {self._pending[0].type}")
        before = self.turns
        turns = {} if new_round else dict(before)
        for seat in deciders:
            turns.pop(seat, None)
        # a deadline set for a seat already due starts its turn again (Back, Away)
        self.turns = {}
        for seat in due:
            self.turns[seat] = self.version if seat in deadlines else turns.get(seat, self.version)
        for seat, since in before.items():
            restarted = seat in self.turns and seat not in deciders and not new_round
            if self.turns.get(seat) != since and not restarted:
                reason = deciders.get(seat, "phase_changed")
                self.ended[seat] = TurnEnd(since, self.version, reason)
        kept = {}
        for seat, deadline in self.deadlines.items():
            if self.turns.get(seat) == before.get(seat):
                kept[seat] = deadline
        kept.update(deadlines)
        self.deadlines = {}
        for seat in self.turns:
            if seat in kept:
                self.deadlines[seat] = kept[seat]


def _command_key(event: Recorded) -> CommandKey | None:
    """The (sender, command id) that wrote ``event``: one append's events share it."""
    command_id, sender = event.metadata.get("command_id"), event.metadata.get("requested_by")
    if not isinstance(command_id, str):
        return None
    return (sender if isinstance(sender, str) else "", command_id)
