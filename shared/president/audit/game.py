"""Read a game stream for the audit: its header event, the fairness records and the rules
events, noting every problem instead of stopping at the first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from president.audit.problems import Problem
from president.audit.shapes import check_shape
from president.game import CLOCK_EVENT_TYPES, TAKEOVER_ACTOR
from president.game.events import DealCommitted, GameCreated, SeedRevealed
from president.rules import EVENT_TYPES, RULES_VERSION, Event, InvalidGameInput, Options
from president.rules import event_from_dict as rules_event_from_dict
from president.store import RecordedEvent

GAME_CREATED = GameCreated.__name__
DEAL_COMMITTED = DealCommitted.__name__
SEED_REVEALED = SeedRevealed.__name__
KNOWN_RULES_VERSIONS = frozenset({RULES_VERSION})
"""The rules versions this auditor can replay."""


@dataclass(frozen=True, slots=True)
class ClockEvent:
    """A turn clock's or a seat's presence event (TurnDeadlineSet, TurnTimedOut, SeatAway,
    SeatBack, SeatLeft), with when it was recorded and by which command."""

    version: int
    type: str
    seat: int
    data: Mapping[str, Any]
    recorded_at: datetime
    command_id: str


@dataclass(frozen=True, slots=True)
class Takeover:
    """A rules decision the takeover level played for ``seat`` (its metadata says so)."""

    version: int
    seat: int
    event_seat: int
    reason: str
    level: str
    command_id: str


@dataclass(frozen=True, slots=True)
class Commit:
    """A ``DealCommitted``: the commitment to a round's seed (and the engine's private copy)."""

    version: int
    round: int
    leader: int
    commitment: str
    seed: str | None


@dataclass(frozen=True, slots=True)
class Reveal:
    """A ``SeedRevealed``: the round's seed made public after the round."""

    version: int
    round: int
    seed: str


@dataclass(frozen=True, slots=True)
class Sender:
    """Who sent the command that wrote an event (metadata ``requested_by`` and
    ``requested_by_role``): a seat's own client (an integrator), an AI worker, a takeover."""

    user: str
    role: str | None = None

    def __str__(self) -> str:
        if self.role is None or self.role == self.user:
            return self.user
        return f"{self.user} ({self.role})"

    def to_dict(self) -> dict[str, str | None]:
        return {"user": self.user, "role": self.role}


@dataclass(slots=True)
class GameRecord:
    """A game stream sorted into what each check needs."""

    table_id: str
    rules_version: str | None = None
    options: Options | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    rules_events: list[tuple[int, Event]] = field(default_factory=list)
    commits: dict[int, Commit] = field(default_factory=dict)
    reveals: dict[int, Reveal] = field(default_factory=dict)
    clock: list[ClockEvent] = field(default_factory=list)
    takeovers: dict[int, Takeover] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    senders: dict[int, Sender] = field(default_factory=dict)
    """version -> who sent the command that wrote it (only where the log records it)."""

    @property
    def replayable(self) -> bool:
        """Whether the rules version is known and the options could be read."""
        return self.options is not None and self.rules_version in KNOWN_RULES_VERSIONS


def read_game(table_id: str, events: Sequence[RecordedEvent]) -> GameRecord:
    """Sort ``events`` (in stream order) into a GameRecord, noting every unreadable event."""
    record = GameRecord(table_id)
    if not events:
        record.problems.append(
            Problem(None, f"the stream game-{table_id} holds no events", key="game-empty")
        )
        return record
    if events[0].type != GAME_CREATED:
        record.problems.append(
            Problem(
                events[0].version,
                f"the stream starts with {events[0].type}, not GameCreated",
                key="game-first",
            )
        )
    for index, event in enumerate(events):
        try:
            _read_event(record, event, first=index == 0)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            record.problems.append(
                Problem(event.version, f"cannot read {event.type}: {exc}", key="game-unreadable")
            )
    return record


def _sender(metadata: Any) -> Sender | None:
    """Who the event's metadata says sent its command (no secret is ever recorded)."""
    if not isinstance(metadata, Mapping):
        return None
    user, role = metadata.get("requested_by"), metadata.get("requested_by_role")
    if not isinstance(user, str):
        return None
    return Sender(user, role if isinstance(role, str) else None)


def _read_event(record: GameRecord, event: RecordedEvent, *, first: bool) -> None:
    kind, data, version = event.type, event.data, event.version
    sender = _sender(getattr(event, "metadata", None))
    if sender is not None:
        record.senders[version] = sender
    if not isinstance(data, Mapping):
        raise TypeError("its data is not an object")
    if kind == GAME_CREATED:
        if first:
            _read_created(record, version, data)
        else:
            record.problems.append(
                Problem(version, "a second GameCreated in the stream", key="game-second-created")
            )
    elif kind == DEAL_COMMITTED:
        _read_commit(record, version, data)
    elif kind == SEED_REVEALED:
        _read_reveal(record, version, data)
    elif kind in CLOCK_EVENT_TYPES:
        meta = event.metadata
        command_id = str(meta.get("command_id", "")) if isinstance(meta, Mapping) else ""
        CLOCK_EVENT_TYPES[kind].model_validate(dict(data))
        seat = _int(data, "seat")
        record.clock.append(ClockEvent(version, kind, seat, data, event.recorded_at, command_id))
    elif kind in EVENT_TYPES:
        if event.schema_version != 1:
            raise ValueError(f"unknown schema version {event.schema_version}")
        rules_event = rules_event_from_dict(kind, dict(data))
        check_shape(rules_event)
        record.rules_events.append((version, rules_event))
        meta = event.metadata
        takeover = isinstance(meta, Mapping) and meta.get("actor") == TAKEOVER_ACTOR
        if takeover and kind in ("CardsPlayed", "Passed", "CardsReturned"):
            record.takeovers[version] = _takeover(version, rules_event, meta)
    else:
        record.problems.append(
            Problem(version, f"unknown event type {kind!r}", key="game-unknown-type")
        )


def _takeover(version: int, event: Event, meta: Mapping[str, Any]) -> Takeover:
    seat = int(meta.get("takeover_seat", -1))
    event_seat = int(getattr(event, "giver", getattr(event, "seat", -1)))
    return Takeover(
        version,
        seat,
        event_seat,
        str(meta.get("takeover_reason", "")),
        str(meta.get("takeover_level", "")),
        str(meta.get("command_id", "")),
    )


def _read_created(record: GameRecord, version: int, data: Mapping[str, Any]) -> None:
    if data.get("table_id") != record.table_id:
        record.problems.append(
            Problem(
                version,
                f"GameCreated names table {data.get('table_id')!r}, not {record.table_id!r}",
                key="game-table",
            )
        )
    rules_version = data.get("rules_version")
    record.rules_version = rules_version if isinstance(rules_version, str) else None
    if rules_version not in KNOWN_RULES_VERSIONS:
        known = ", ".join(sorted(KNOWN_RULES_VERSIONS))
        record.problems.append(
            Problem(
                version,
                f"unknown rules version {rules_version!r} (this auditor knows {known})",
                key="game-rules-version",
                args={"known": known},
            )
        )
    try:
        created = GameCreated.model_validate(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "GameCreated"
        record.problems.append(
            Problem(
                version,
                f"GameCreated does not match the contract: {where}: {first['msg']}",
                key="game-contract",
            )
        )
        return
    record.seats = [seat.model_dump(mode="json") for seat in created.seats]
    try:
        record.options = created.rules_options()
    except InvalidGameInput as exc:
        record.problems.append(
            Problem(version, f"GameCreated options are not valid: {exc}", key="game-options")
        )


def _int(data: Mapping[str, Any], name: str) -> int:
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    return value


def _text(data: Mapping[str, Any], name: str) -> str:
    value = data[name]
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, got {value!r}")
    return value


def _read_commit(record: GameRecord, version: int, data: Mapping[str, Any]) -> None:
    number = _int(data, "round")
    seed = _text(data, "seed") if data.get("seed") is not None else None
    commit = Commit(version, number, _int(data, "leader"), _text(data, "commitment"), seed)
    if number in record.commits:
        first = record.commits[number].version
        record.problems.append(
            Problem(
                version,
                f"a second commitment for round {number} (first at version {first})",
                key="game-second-commit",
                args={"round": number, "at": first},
            )
        )
        return
    record.commits[number] = commit


def _read_reveal(record: GameRecord, version: int, data: Mapping[str, Any]) -> None:
    reveal = Reveal(version, _int(data, "round"), _text(data, "seed"))
    if reveal.round in record.reveals:
        first = record.reveals[reveal.round].version
        record.problems.append(
            Problem(
                version,
                f"round {reveal.round}'s seed revealed twice (first at version {first})",
                key="game-second-reveal",
                args={"round": reveal.round, "at": first},
            )
        )
        return
    record.reveals[reveal.round] = reveal
