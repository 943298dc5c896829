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

_EXPONENT = re.compile(r"\d[eE][+-]")


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
    stream_json = orjson.dumps(stream_id).decode()
    prepared: list[PreparedEvent] = []
    prev_hash = head_hash
    for version, event in enumerate(events, start=head_version + 1):
        metadata = event.metadata
        if command_id is not None and "command_id" not in metadata:
            metadata = {**metadata, "command_id": command_id}
        data_json = canonical_json(event.data).decode()
        metadata_json = canonical_json(metadata).decode()
        # Whether either text may hold a float: orjson writes every float with a "." or an
        # exponent ("1e+16"), or as null (NaN, infinities); integers never so. One look at
        # both texts ("}{" where they meet starts none), in place: every event passes here.
        texts = data_json + metadata_json
        if (
            "." in texts
            or "null" in texts
            or (("e+" in texts or "e-" in texts) and _EXPONENT.search(texts) is not None)
        ):
            check_storable(event.data)
            check_storable(metadata)
        type_json = orjson.dumps(event.type).decode()
        body = (
            f'[{stream_json},{version},"{event.event_id}",{type_json},{event.schema_version},'
            f'{data_json},{metadata_json},"{prev_hash}"]'
        )
        digest = hashlib.sha256(body.encode()).hexdigest()
        prepared.append(
            PreparedEvent(
                version,
                event.event_id,
                event.type,
                event.schema_version,
                data_json,
                metadata_json,
                prev_hash,
                digest,
            )
        )
        prev_hash = digest
    return prepared
