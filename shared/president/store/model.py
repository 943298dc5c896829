"""Values of the event store: what is appended, what is read back, and its typed failures."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

import orjson

GENESIS_HASH = "0" * 64
"""The `prev_hash` of the first event of every stream."""


def new_event_id() -> UUID:
    """A version-7 UUID (RFC 9562): Unix milliseconds, then 74 random bits.

    Ids that grow with time keep the unique index on event ids appending at its right
    edge instead of touching a random page per event (uuid4).
    """
    random = int.from_bytes(os.urandom(10))
    value = (time.time_ns() // 1_000_000) << 80 | 0x7 << 76 | (random >> 68) << 64
    return UUID(int=value | 0b10 << 62 | random & (1 << 62) - 1)


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: a past-tense `type` and its JSON-able `data`.

    `metadata` carries the command id, causation and correlation ids and the actor
    (:func:`metadata`).
    """

    type: str
    data: Mapping[str, Any]
    metadata: Mapping[str, Any] = field(default_factory=dict)
    schema_version: int = 1
    event_id: UUID = field(default_factory=new_event_id)


def metadata(
    command_id: str, *, correlation_id: str, actor: str, causation_id: str = ""
) -> dict[str, str]:
    """The metadata every service writes with an event: ``command_id`` wrote the event;
    ``causation_id`` (default: the command id) is what caused it, ``correlation_id``
    groups what belongs together, ``actor`` acted."""
    return {
        "command_id": command_id,
        "causation_id": causation_id or command_id,
        "correlation_id": correlation_id,
        "actor": actor,
    }


class JsonField:
    """A dict field that a store may fill with its JSON text, decoded on first read.

    Replaying the log builds many events whose data is never looked at; decoding two
    JSON documents per event would cost more than everything else a replay does.
    A store writes the text straight into the instance `__dict__`; reading the field
    decodes it once. Equality, repr and `dataclasses.replace` all read decoded values.
    """

    def __init__(self, name: str) -> None:
        self._name = name

    def __get__(self, instance: object | None, owner: type | None = None) -> dict[str, Any]:
        if instance is None:
            raise AttributeError(self._name)  # so dataclasses sees no default
        value = instance.__dict__[self._name]
        if type(value) is str:
            value = instance.__dict__[self._name] = orjson.loads(value)
        return value  # type: ignore[no-any-return]

    def __set__(self, instance: object, value: dict[str, Any]) -> None:
        instance.__dict__[self._name] = value


@dataclass(frozen=True)
class RecordedEvent:
    """An event as the store recorded it.

    `version` counts from 1 within its stream; `position` orders the whole log in commit
    order (appends are serialised, see docs/decisions/2026-11-29-store-log-order.md).
    `data` and `metadata` may be decoded lazily (see `JsonField`).
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


class Recorded(Protocol):
    """What a fold reads of a recorded event: a `RecordedEvent`, or an event just appended
    that the engine folds without reading it back (`president.game.fold.Appended`)."""

    @property
    def version(self) -> int: ...
    @property
    def position(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def data(self) -> Mapping[str, Any]: ...
    @property
    def metadata(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True, slots=True)
class EventStamp:
    """Where and when an event is in the log, and what it is, without its data
    (``EventStore.read_stamps``: what the engine's sweeps need to know which streams moved)."""

    position: int
    stream_id: str
    version: int
    event_id: UUID
    type: str
    recorded_at: datetime


# Installed after the dataclass is built, so its fields, __init__ and typing stay plain.
setattr(RecordedEvent, "data", JsonField("data"))  # noqa: B010
setattr(RecordedEvent, "metadata", JsonField("metadata"))  # noqa: B010


@dataclass(frozen=True, slots=True)
class AppendResult:
    """What an append wrote, or (`duplicate=True`) what the same command wrote before."""

    stream_id: str
    first_version: int
    last_version: int
    positions: tuple[int, ...]
    duplicate: bool = False


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
