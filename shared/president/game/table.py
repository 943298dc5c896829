"""The table: a pure fold of its ``table-{id}`` stream and the decisions on its commands
(facts to record, or a ``Refusal`` with a stable ``RejectionCode``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel

from president.contract import AILevel, CreateTable, RejectionCode, TableOptions
from president.game.events import (
    AISeated,
    GameStartRequested,
    SeatTaken,
    TableClosed,
    TableCreated,
)
from president.rules.errors import Refusal
from president.store import Recorded


@dataclass(frozen=True)
class Fact:
    """An event to record: its type (the contract class name) and its data."""

    type: str
    data: dict[str, Any]

    @classmethod
    def of(cls, data: BaseModel) -> Fact:
        return cls(type(data).__name__, data.model_dump(mode="json"))


@dataclass(frozen=True)
class Seat:
    """One seat: ``kind`` is ``free``, ``human`` or ``ai``; ``taken_by``: the identity that
    took a person's seat (its SeatTaken's ``requested_by``), None when anonymous."""

    seat: int
    kind: str = "free"
    player_name: str = ""
    level: AILevel | None = None
    token_sha256: str | None = None
    taken_by: str | None = None


@dataclass(frozen=True)
class TableState:
    """A table as its stream says. ``version`` is the last stream version folded (0: none);
    ``opened_by``: the identity whose CreateTable opened it (its TableCreated's
    ``requested_by``, attested by the server), None when anonymous or not recorded;
    ``closed``: closed before its game started (``TableClosed``)."""

    table_id: str
    version: int = 0
    name: str = ""
    options: TableOptions = field(default_factory=TableOptions)
    seats: tuple[Seat, ...] = ()
    start_requested: bool = False
    opened_by: str | None = None
    closed: bool = False

    @property
    def exists(self) -> bool:
        return bool(self.seats)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def free_seats(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.seats if s.kind == "free")


def fold_table(table_id: str, events: Iterable[Recorded]) -> TableState:
    """The state after the events of the table's stream, in version order (the sender of
    each is read from its metadata's ``requested_by``)."""
    state = TableState(table_id)
    for event in events:
        sender = event.metadata.get("requested_by")
        sender = sender if isinstance(sender, str) else None
        state = replace(evolve(state, event.type, event.data, sender), version=event.version)
    return state


def evolve(
    state: TableState, event_type: str, data: Mapping[str, Any], sender: str | None = None
) -> TableState:
    """One event applied (unknown types are skipped: later schemas may add some);
    ``sender``: the identity whose command wrote it, if known."""
    if event_type == "TableCreated":
        created = TableCreated.model_validate(data)
        seats = tuple(
            Seat(n, "ai", level=created.ai_seats[n]) if n in created.ai_seats else Seat(n)
            for n in range(created.players)
        )
        return replace(
            state, name=created.name, options=created.options, seats=seats, opened_by=sender
        )
    if event_type == "SeatTaken":
        taken = SeatTaken.model_validate(data)
        seat = Seat(taken.seat, "human", taken.player_name, None, taken.token_sha256, sender)
        return _with_seat(state, seat)
    if event_type == "AISeated":
        seated = AISeated.model_validate(data)
        return _with_seat(state, Seat(seated.seat, "ai", level=seated.level))
    if event_type == "GameStartRequested":
        return replace(state, start_requested=True)
    if event_type == "TableClosed":
        return replace(state, closed=True)
    return state


def _with_seat(state: TableState, seat: Seat) -> TableState:
    seats = list(state.seats)
    seats[seat.seat] = seat
    return replace(state, seats=tuple(seats))


# -- decisions ------------------------------------------------------------------

PUBLIC_LOBBY_ROLE = "web"
"""The role of the public lobby's identity (``president web``: anonymous visitors)."""


def opener_refusal(state: TableState, user: str | None, role: str | None) -> Refusal | None:
    """FORBIDDEN when the public lobby (``user`` of role ``web``) would seat a person or
    an AI at, or start, a table it did not open (``state.opened_by``): it seats people
    only at its own tables, whatever the web process asks. The platform's identities
    (integrators) are trusted with every table of their platform; a table that does not
    exist is left to the decision (UNKNOWN_TABLE)."""
    if role != PUBLIC_LOBBY_ROLE or not state.exists or state.opened_by == user:
        return None
    return Refusal(
        RejectionCode.FORBIDDEN,
        f"table {state.table_id} was not opened by {user}: it seats people only at its own",
        final=True,
    )


def decide_create(state: TableState, command: CreateTable) -> list[Fact] | Refusal:
    """A new table; the seats of ``ai_seats`` get their AI at once (one AISeated each)."""
    if state.exists:
        return Refusal(
            RejectionCode.TABLE_EXISTS, f"table {state.table_id} already exists", final=True
        )
    outside = sorted(seat for seat in command.ai_seats if not 0 <= seat < command.players)
    if outside:
        return Refusal(
            RejectionCode.INVALID_OPTIONS,
            f"ai_seats {outside} outside seats 0..{command.players - 1}",
            final=True,
        )
    created = TableCreated(
        table_id=state.table_id,
        name=command.name,
        players=command.players,
        options=command.options,
        ai_seats=dict(sorted(command.ai_seats.items())),
    )
    seated = [AISeated(seat=seat, level=level) for seat, level in created.ai_seats.items()]
    return [Fact.of(created), *(Fact.of(event) for event in seated)]


def decide_take_seat(
    state: TableState, *, seat: int | None, player_name: str, token_sha256: str
) -> list[Fact] | Refusal:
    """A person takes ``seat`` (None: the lowest free seat)."""
    chosen = _free_seat(state, seat)
    if isinstance(chosen, Refusal):
        return chosen
    taken = SeatTaken(seat=chosen, player_name=player_name.strip(), token_sha256=token_sha256)
    return [Fact.of(taken)]


def decide_seat_ai(state: TableState, *, seat: int | None, level: AILevel) -> list[Fact] | Refusal:
    """An AI of ``level`` takes ``seat`` (None: the lowest free seat)."""
    chosen = _free_seat(state, seat)
    if isinstance(chosen, Refusal):
        return chosen
    return [Fact.of(AISeated(seat=chosen, level=level))]


def decide_start_request(state: TableState, requested_by: str = "") -> list[Fact] | Refusal:
    """Ask the engine to start the game: every seat must be filled."""
    refusal = _open(state)
    if refusal is not None:
        return refusal
    if state.free_seats:
        return Refusal(
            RejectionCode.NOT_ENOUGH_PLAYERS,
            f"seats {list(state.free_seats)} are still free",
            final=True,
            params={"free": len(state.free_seats)},
        )
    return [Fact.of(GameStartRequested(requested_by=requested_by))]


def decide_close(state: TableState, requested_by: str | None) -> list[Fact] | Refusal:
    """Close a table whose game has not started: only its opener may (``FORBIDDEN``: the
    platform's tables are not the public lobby's to close, nor one integrator's
    another's); closed already: nothing to write (the command is idempotent)."""
    if state.exists and state.closed:
        return []
    refusal = _open(state)
    if refusal is not None:
        return refusal
    if state.opened_by != requested_by:
        return Refusal(
            RejectionCode.FORBIDDEN,
            f"table {state.table_id} was opened by another identity",
            final=True,
        )
    return [Fact.of(TableClosed(closed_by=requested_by or ""))]


def _open(state: TableState) -> Refusal | None:
    if not state.exists:
        return Refusal(
            RejectionCode.UNKNOWN_TABLE,
            f"no table {state.table_id}",
            params={"table_id": state.table_id},
        )
    if state.start_requested:
        return Refusal(
            RejectionCode.GAME_ALREADY_STARTED, f"table {state.table_id} has started", final=True
        )
    if state.closed:
        return Refusal(RejectionCode.TABLE_CLOSED, f"table {state.table_id} was closed", final=True)
    return None


def _free_seat(state: TableState, seat: int | None) -> int | Refusal:
    refusal = _open(state)
    if refusal is not None:
        return refusal
    if not state.free_seats:
        return Refusal(
            RejectionCode.TABLE_FULL, f"table {state.table_id} has no free seat", final=True
        )
    if seat is None:
        return state.free_seats[0]
    if not 0 <= seat < state.players:
        return Refusal(
            RejectionCode.UNKNOWN_SEAT,
            f"seat must be 0..{state.players - 1}",
            final=True,
            params={"seat": seat},
        )
    if state.seats[seat].kind != "free":
        return Refusal(
            RejectionCode.SEAT_TAKEN, f"seat {seat} is taken", final=True, params={"seat": seat}
        )
    return seat
