"""Replay of the log through `COPY (SELECT ...) TO STDOUT`: the server streams rows as text
with no round trip per page, and each chunk becomes RecordedEvents as it arrives
(docs/decisions/2026-11-29-store-hot-path.md)."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import asyncpg
from asyncpg.pgproto.pgproto import UUID  # the class asyncpg itself returns for uuid columns

from president.store.model import RecordedEvent

SEGMENT = 50_000
"""Rows per COPY statement: bounds how long one statement (and its snapshot) stays open
while a slow consumer holds the stream back."""

_COLUMNS = (
    "stream_id, version, event_id, position, tx_id, type, schema_version, data, metadata,"
    " to_json(recorded_at), prev_hash, hash"
)
"""RecordedEvent's fields in order; the time as JSON text, which is ISO 8601 whatever the
session's DateStyle."""

_WIDTH = 12
_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)
_new = object.__new__
_parse_time = datetime.fromisoformat


def copy_query(after_position: int, limit: int) -> str:
    """The SELECT to COPY: up to `limit` events after `after_position`, by position.
    COPY takes no parameters; both numbers go in as integers."""
    return (
        f"SELECT {_COLUMNS} FROM events WHERE position > {int(after_position)}"
        f" ORDER BY position LIMIT {int(limit)}"
    )


def _unescape(field: str) -> str:
    return _ESCAPED.sub(lambda m: _ESCAPES[m[1]], field) if "\\" in field else field


def parse_rows(text: str) -> list[RecordedEvent]:
    """Rows of COPY's text format (tab-separated, newline-terminated) of `copy_query`'s
    columns as RecordedEvents, built through `__dict__` (see `postgres._event`)."""
    if not text:
        return []
    if text[-1] != "\n":
        raise ValueError("COPY output cut inside a row")
    # One split for the whole chunk: raw tabs and newlines only ever separate (COPY
    # escapes them inside values), so the fields come in runs of twelve.
    fields = text[:-1].replace("\n", "\t").split("\t")
    if "\\" in text:  # COPY escaped a backslash or a control character somewhere
        fields = [_unescape(field) for field in fields]
    if len(fields) % _WIDTH:
        raise ValueError(f"COPY rows of {_WIDTH} columns expected")
    events: list[RecordedEvent] = []
    append = events.append
    rows = zip(*[iter(fields)] * _WIDTH, strict=True)
    for (
        stream_id,
        version,
        event_id,
        position,
        tx_id,
        type_,
        schema,
        data,
        metadata,
        time,
        prev,
        hash_,
    ) in rows:
        recorded_at = _parse_time(time[1:-1])
        if recorded_at.tzinfo is not UTC:  # the session's time zone is not UTC
            recorded_at = recorded_at.astimezone(UTC)
        event = _new(RecordedEvent)
        d = event.__dict__
        d["stream_id"] = stream_id
        d["version"] = int(version)
        d["event_id"] = UUID(event_id)
        d["position"] = int(position)
        d["tx_id"] = int(tx_id)
        d["type"] = type_
        d["schema_version"] = int(schema)
        d["data"] = data  # JSON text, decoded on first read (model.JsonField)
        d["metadata"] = metadata
        d["recorded_at"] = recorded_at
        d["prev_hash"] = prev
        d["hash"] = hash_
        append(event)
    return events


_Item = list[RecordedEvent] | BaseException | None


async def copy_pages(
    connection: asyncpg.Connection, after_position: int, page: int, segment: int = SEGMENT
) -> AsyncIterator[list[RecordedEvent]]:
    """The log after `after_position` in lists of up to `page` events.

    A task runs the COPY statements and parses their output while the caller handles
    the pages already made; a queue of two pages holds the server back when the caller
    is slower (asyncpg stops reading while a chunk waits). Leaving early cancels the COPY.
    """
    queue: asyncio.Queue[_Item] = asyncio.Queue(maxsize=2)
    producer = asyncio.ensure_future(_produce(connection, after_position, page, segment, queue))
    try:
        while (item := await queue.get()) is not None:
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        producer.cancel()
        with contextlib.suppress(asyncio.CancelledError, asyncpg.PostgresError):
            await producer


async def _produce(
    connection: asyncpg.Connection,
    after_position: int,
    page: int,
    segment: int,
    queue: asyncio.Queue[_Item],
) -> None:
    pending: list[RecordedEvent] = []
    copied = 0

    async def sink(chunk: bytes) -> None:
        nonlocal pending, copied, after_position
        events = parse_rows(chunk.decode())
        if events:
            copied += len(events)
            after_position = events[-1].position
        pending += events
        while len(pending) >= page:
            await queue.put(pending[:page])
            del pending[:page]

    try:
        while True:
            copied = 0
            await connection.copy_from_query(
                copy_query(after_position, segment), output=sink, format="text"
            )
            if copied < segment:
                break
        if pending:
            await queue.put(pending)
        await queue.put(None)
    except Exception as error:
        await queue.put(error)
