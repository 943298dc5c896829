"""The append-only, hash-chained event store: port, values, Postgres and in-memory adapters."""

from president.store.model import (
    GENESIS_HASH,
    AppendResult,
    ChainProblem,
    ChainReport,
    ConcurrencyConflict,
    DuplicateEventId,
    EventStamp,
    NewEvent,
    Recorded,
    RecordedEvent,
    metadata,
)
from president.store.ports import NOTIFY_CHANNEL, Appender, EventStore, StreamHold

__all__ = [
    "GENESIS_HASH",
    "NOTIFY_CHANNEL",
    "AppendResult",
    "Appender",
    "ChainProblem",
    "ChainReport",
    "ConcurrencyConflict",
    "DuplicateEventId",
    "EventStamp",
    "EventStore",
    "NewEvent",
    "Recorded",
    "RecordedEvent",
    "StreamHold",
    "metadata",
]
