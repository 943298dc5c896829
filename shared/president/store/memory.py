"""An in-memory event store for unit tests: the same contract as the Postgres one."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import orjson

from president.store.chain import canonical_json, chain_problems
from president.store.model import (
    GENESIS_HASH,
    AppendResult,
    ChainReport,
    ConcurrencyConflict,
    DuplicateEventId,
    EventStamp,
    NewEvent,
    RecordedEvent,
)
from president.store.prepared import prepare

_Key = tuple[str, str, str]
"""A command as the log keys it: (stream id, sender, command id)."""


_utc_now: Callable[[], datetime] = functools.partial(datetime.now, UTC)
_new = object.__new__


@dataclass
class MemoryStreamHold:
    """A stream held in this process (``InMemoryEventStore.hold``)."""

    refusal: dict[str, Any] | None
    _key: _Key | None
    _refusals: dict[_Key, dict[str, Any]]

    async def remember(self, reply: dict[str, Any]) -> None:
        if self._key is not None:
            self._refusals.setdefault(self._key, _json_copy(reply))


class InMemoryEventStore:
    """Streams, log and commands in dicts and lists; data kept as JSON text, so
    callers get fresh copies exactly as from JSONB."""

    def __init__(self, clock: Callable[[], datetime] = _utc_now) -> None:
        self._clock = clock
        self._streams: dict[str, list[RecordedEvent]] = {}
        self._log: list[RecordedEvent] = []
        self._commands: dict[_Key, tuple[int, int]] = {}
        self._event_ids: set[UUID] = set()
        self._tx_id = 0
        self._holds: dict[str, asyncio.Lock] = {}
        self._refusals: dict[_Key, dict[str, Any]] = {}

    async def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        command_id: str | None = None,
        sender: str = "",
    ) -> AppendResult:
        key = None if command_id is None else (stream_id, sender, command_id)
        if key is not None and key in self._commands:
            return self._original(key)
        stream = self._streams.get(stream_id, [])
        actual = len(stream)
        if expected_version is not None and expected_version != actual:
            raise ConcurrencyConflict(stream_id, expected_version, actual)
        head_hash = stream[-1].hash if stream else GENESIS_HASH
        prepared = prepare(stream_id, actual, head_hash, events, command_id)
        new_ids = set()
        for row in prepared:
            new_ids.add(row.event_id)
        if len(new_ids) < len(prepared) or not new_ids.isdisjoint(self._event_ids):
            raise DuplicateEventId(stream_id)
        self._event_ids |= new_ids
        self._tx_id += 1
        now = self._clock()
        recorded: list[RecordedEvent] = []
        position = len(self._log)
        for row in prepared:  # a loop, no comprehension frame, on every append
            # Filled through its __dict__, as the Postgres store's events are: the frozen
            # __init__ would set data and metadata through their JsonField, and they stay
            # JSON text until read.
            event = _new(RecordedEvent)
            position += 1
            event.__dict__.update(
                stream_id=stream_id,
                version=row.version,
                event_id=row.event_id,
                position=position,
                tx_id=self._tx_id,
                type=row.type,
                schema_version=row.schema_version,
                data=row.data_json,
                metadata=row.metadata_json,
                recorded_at=now,
                prev_hash=row.prev_hash,
                hash=row.hash,
            )
            recorded.append(event)
        self._streams.setdefault(stream_id, []).extend(recorded)
        self._log.extend(recorded)
        if key is not None:
            self._commands[key] = (actual + 1, actual + len(recorded))
        positions = tuple(range(len(self._log) - len(recorded) + 1, len(self._log) + 1))
        return AppendResult(stream_id, actual + 1, actual + len(recorded), positions)

    def _original(self, key: _Key) -> AppendResult:
        stream_id = key[0]
        first, last = self._commands[key]
        events = self._streams[stream_id][first - 1 : last]
        return AppendResult(stream_id, first, last, tuple(e.position for e in events), True)

    async def read_stream(self, stream_id: str, from_version: int = 1) -> list[RecordedEvent]:
        stream = self._streams.get(stream_id, [])
        return [_copy(e) for e in stream if e.version >= from_version]

    async def read_all(
        self, after_position: int = 0, limit: int = 1000, *, types: Sequence[str] | None = None
    ) -> list[RecordedEvent]:
        start = max(after_position, 0)
        if types is None:
            return [_copy(e) for e in self._log[start : start + limit]]
        return [_copy(e) for e in self._log[start:] if e.type in types][:limit]

    async def read_stamps(self, after_position: int = 0, limit: int = 1000) -> list[EventStamp]:
        start = max(after_position, 0)
        return [
            EventStamp(e.position, e.stream_id, e.version, e.event_id, e.type, e.recorded_at)
            for e in self._log[start : start + limit]
        ]

    async def replay(
        self, after_position: int = 0, page: int = 250
    ) -> AsyncIterator[list[RecordedEvent]]:
        """The log after `after_position` as it stands, page by page."""
        while events := await self.read_all(after_position, page):
            yield events
            after_position = events[-1].position

    async def stream_version(self, stream_id: str) -> int:
        stream = self._streams.get(stream_id)
        return stream[-1].version if stream else 0

    @asynccontextmanager
    async def hold(
        self,
        stream_id: str,
        command_id: str | None = None,
        *,
        sender: str = "",
    ) -> AsyncIterator[MemoryStreamHold]:
        lock = self._holds.setdefault(stream_id, asyncio.Lock())
        key = None if command_id is None else (stream_id, sender, command_id)
        async with lock:
            yield MemoryStreamHold(
                refusal=None if key is None else self._refusals.get(key),
                _key=key,
                _refusals=self._refusals,
            )

    async def remember_refusal(
        self, stream_id: str, command_id: str, reply: dict[str, Any], sender: str = ""
    ) -> None:
        self._refusals.setdefault((stream_id, sender, command_id), _json_copy(reply))

    async def refusals(self, stream_id: str) -> dict[tuple[str, str], dict[str, Any]]:
        return {
            (sender, command): _json_copy(reply)
            for (stream, sender, command), reply in self._refusals.items()
            if stream == stream_id
        }

    async def verify_chain(self, stream_id: str) -> ChainReport:
        stream = self._streams.get(stream_id, [])
        return ChainReport(stream_id, len(stream), tuple(chain_problems(stream)))

    async def close(self) -> None:
        return None


def _json_copy(value: Mapping[str, Any]) -> dict[str, Any]:
    copied: dict[str, Any] = orjson.loads(canonical_json(value))
    return copied


def _copy(event: RecordedEvent) -> RecordedEvent:
    """The event with its own data and metadata dicts (as a JSONB read would give)."""
    return RecordedEvent(
        event.stream_id,
        event.version,
        event.event_id,
        event.position,
        event.tx_id,
        event.type,
        event.schema_version,
        _json_copy(event.data),
        _json_copy(event.metadata),
        event.recorded_at,
        event.prev_hash,
        event.hash,
    )
