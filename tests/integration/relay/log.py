"""Writing events to the log for the relay's tests."""

from __future__ import annotations

import asyncio
import random

from president.store import NewEvent
from president.store.postgres import PostgresEventStore


async def append_events(url: str, streams: list[str], per_stream: int) -> int:
    """Append ``per_stream`` events to each stream, streams concurrently, in random-sized
    appends of 1 to 4 events; return how many were appended."""
    async with await PostgresEventStore.connect(url, max_size=len(streams)) as store:
        await asyncio.gather(*(_fill(store, s, per_stream) for s in streams))
    return len(streams) * per_stream


async def _fill(store: PostgresEventStore, stream_id: str, count: int) -> None:
    version = 0
    draw = random.Random(stream_id)
    while version < count:
        size = min(draw.randint(1, 4), count - version)
        batch = [NewEvent("Counted", {"n": version + i + 1}) for i in range(size)]
        await store.append(stream_id, batch, expected_version=version)
        version += size
