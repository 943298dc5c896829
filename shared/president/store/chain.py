"""The per-stream hash chain: canonical serialisation, event hashes and chain checking
(the canonical form: docs/decisions/2026-11-29-store-hash-chain.md)."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from uuid import UUID

import orjson

from president.store.model import GENESIS_HASH, ChainProblem, RecordedEvent

canonical_json: Callable[[Any], bytes] = functools.partial(
    orjson.dumps, option=orjson.OPT_SORT_KEYS
)
"""`value` as canonical JSON bytes (sorted keys, no whitespace, UTF-8). A partial of
orjson's encoder, not a function around it: every appended event is encoded twice with it,
and a Python frame per encoding cost more than the encoding of a small event."""


def check_storable(value: Any) -> None:
    """Raise ValueError for a float that would not survive a JSONB round trip unchanged.

    JSONB keeps numbers as decimals, so `1e16` comes back as the integer
    `10000000000000000`, -0.0 becomes 0.0 and NaN/inf do not exist: the recomputed
    hash would differ.
    """
    if isinstance(value, float):
        text = orjson.dumps(value)
        if b"e" in text or text in (b"null", b"-0.0"):
            raise ValueError(f"float {value!r} cannot be stored exactly; store it as text")
    elif isinstance(value, Mapping):
        for item in value.values():
            check_storable(item)
    elif isinstance(value, list | tuple):
        for item in value:
            check_storable(item)


def event_hash(
    stream_id: str,
    version: int,
    event_id: UUID,
    type: str,
    schema_version: int,
    data: Mapping[str, Any],
    metadata: Mapping[str, Any],
    prev_hash: str,
) -> str:
    """The hash of an event: SHA-256 of its canonical form, chained to `prev_hash`."""
    body = [stream_id, version, str(event_id), type, schema_version, data, metadata, prev_hash]
    return hashlib.sha256(canonical_json(body)).hexdigest()


def chain_problems(events: Iterable[RecordedEvent]) -> list[ChainProblem]:
    """Every defect of a stream's events, given in the order the store holds them
    (by version): edited content, missing versions, broken links, positions out of order."""
    problems: list[ChainProblem] = []
    expected_version, prev_hash, prev_position = 1, GENESIS_HASH, 0
    for event in events:
        v = event.version
        if v != expected_version:
            problems.append(ChainProblem(v, "missing", f"expected version {expected_version}"))
        if event.prev_hash != prev_hash:
            problems.append(ChainProblem(v, "broken_link", "prev_hash is not the previous hash"))
        if event.position <= prev_position:
            problems.append(
                ChainProblem(v, "out_of_order", f"position {event.position} <= {prev_position}")
            )
        if _recomputed(event) != event.hash:
            problems.append(ChainProblem(v, "edited", "content does not match its hash"))
        expected_version, prev_hash, prev_position = v + 1, event.hash, event.position
    return problems


def _recomputed(event: RecordedEvent) -> str:
    return event_hash(
        event.stream_id,
        event.version,
        event.event_id,
        event.type,
        event.schema_version,
        event.data,
        event.metadata,
        event.prev_hash,
    )
