"""Turning new events into chained rows: versions, canonical JSON and hashes (pure)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import NamedTuple
from uuid import UUID

import orjson

from president.store.chain import canonical_json, check_storable
from president.store.model import NewEvent

_MAYBE_FLOAT = re.compile(rb"\d[.eE]|null")
"""Every float orjson writes has a digit then `.` or `e` (integers never do), or is `null`
(NaN and infinities)."""


class PreparedEvent(NamedTuple):
    """A new event placed on its stream: version, canonical JSON texts and chain hashes."""

    version: int
    event_id: UUID
    type: str
    schema_version: int
    data_json: str
    metadata_json: str
    prev_hash: str
    hash: str


def prepare(
    stream_id: str,
    head_version: int,
    head_hash: str,
    events: Sequence[NewEvent],
    command_id: str | None = None,
) -> list[PreparedEvent]:
    """Place `events` after the head `(head_version, head_hash)` of `stream_id`.

    A `command_id` is recorded in each event's metadata (unless it names one already).
    The hash is built from the same canonical texts that are stored, so the bytes hashed
    equal `chain.event_hash` of the event (asserted by the unit tests).
    """
    if not events:
        raise ValueError("append needs at least one event")
    prefix = b"[" + orjson.dumps(stream_id) + b","
    prepared: list[PreparedEvent] = []
    prev_hash = head_hash
    for offset, event in enumerate(events, start=1):
        metadata = event.metadata
        if command_id is not None and "command_id" not in metadata:
            metadata = {**metadata, "command_id": command_id}
        data_json, metadata_json = canonical_json(event.data), canonical_json(metadata)
        if _MAYBE_FLOAT.search(data_json) or _MAYBE_FLOAT.search(metadata_json):
            check_storable(event.data)
            check_storable(metadata)
        version = head_version + offset
        body = b"".join(
            (
                prefix,
                b'%d,"%s",' % (version, str(event.event_id).encode()),
                orjson.dumps(event.type),
                b",%d," % event.schema_version,
                data_json,
                b",",
                metadata_json,
                b',"%s"]' % prev_hash.encode(),
            )
        )
        digest = hashlib.sha256(body).hexdigest()
        prepared.append(
            PreparedEvent(
                version,
                event.event_id,
                event.type,
                event.schema_version,
                data_json.decode(),
                metadata_json.decode(),
                prev_hash,
                digest,
            )
        )
        prev_hash = digest
    return prepared
