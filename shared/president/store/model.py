"""Values of the event store: what is appended, what is read back, and its typed failures."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4

GENESIS_HASH = "0" * 64
"""The `prev_hash` of the first event of every stream."""


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: a past-tense `type` and its JSON-able `data`.

    `metadata` carries the command id, causation and correlation ids and the actor.
    """

    type: str
    data: Mapping[str, Any]
    metadata: Mapping[str, Any] = field(default_factory=dict)
    schema_version: int = 1
    event_id: UUID = field(default_factory=uuid4)


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    """An event as the store recorded it.

    `version` counts from 1 within its stream; `position` orders the whole log in commit
    order (appends are serialised, see docs/decisions/2026-11-29-store-log-order.md).
    """

    stream_id: str
    version: int
    event_id: UUID
    position: int
    tx_id: int
    type: str
    schema_version: int
    data: dict[str, Any]
    metadata: dict[str, Any]
    recorded_at: datetime
    prev_hash: str
    hash: str


@dataclass(frozen=True, slots=True)
class AppendResult:
    """What an append wrote, or (`duplicate=True`) what the same command wrote before."""

    stream_id: str
    first_version: int
    last_version: int
    positions: tuple[int, ...]
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A stream's folded state as of `version` (events after it still have to be applied)."""

    stream_id: str
    version: int
    state: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ChainProblem:
    """One defect `verify_chain` found, at a stream version."""

    version: int
    kind: str  # "edited" | "broken_link" | "missing" | "out_of_order"
    detail: str


@dataclass(frozen=True, slots=True)
class ChainReport:
    """The outcome of checking one stream's hash chain; `ok` when no problem was found."""

    stream_id: str
    checked: int
    problems: tuple[ChainProblem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


class ConcurrencyConflict(Exception):
    """The stream was not at the expected version; nothing was written."""

    def __init__(self, stream_id: str, expected: int, actual: int) -> None:
        super().__init__(f"stream {stream_id!r}: expected version {expected}, found {actual}")
        self.stream_id = stream_id
        self.expected = expected
        self.actual = actual


class DuplicateEventId(ValueError):
    """An event with this event id is already recorded (append it under a command id to
    make retries idempotent); nothing was written."""

    def __init__(self, stream_id: str) -> None:
        super().__init__(f"stream {stream_id!r}: an event id of this append is already recorded")
        self.stream_id = stream_id
