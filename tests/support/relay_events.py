"""Recorded events made up for the relay's tests."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from president.store import GENESIS_HASH, RecordedEvent

RECORDED_AT = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def event_uuid(position: int) -> UUID:
    """A recognisable event id: the position in the last digits."""
    return UUID(int=position)


def recorded(
    stream_id: str,
    version: int,
    position: int,
    type: str = "CardsPlayed",
    data: dict[str, Any] | None = None,
) -> RecordedEvent:
    """A recorded event of ``stream_id`` at ``version`` and log ``position``."""
    return RecordedEvent(
        stream_id=stream_id,
        version=version,
        event_id=event_uuid(position),
        position=position,
        tx_id=position,
        type=type,
        schema_version=1,
        data=data or {},
        metadata={},
        recorded_at=RECORDED_AT,
        prev_hash=GENESIS_HASH,
        hash="h" * 64,
    )
