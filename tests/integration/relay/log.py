"""Writing events to the log for the relay's tests."""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict

from president.store import NewEvent
from president.store.postgres import PostgresEventStore


class LogWriter:
    """Appends numbered events to streams, in random-sized appends of 1 to 4 events."""

    def __init__(self, store: PostgresEventStore, seed: int = 0):
        self._store = store
        self._versions: dict[str, int] = defaultdict(int)
        self._draw = random.Random(seed)

    async def write(self, streams: list[str], per_stream: int) -> int:
        """Append ``per_stream`` events to each stream, streams concurrently."""
        await asyncio.gather(*(self._fill(s, per_stream) for s in streams))
        return len(streams) * per_stream

    async def _fill(self, stream_id: str, count: int) -> None:
        end = self._versions[stream_id] + count
        while (version := self._versions[stream_id]) < end:
            size = min(self._draw.randint(1, 4), end - version)
            batch = [NewEvent("Counted", {"n": version + i + 1}) for i in range(size)]
            await self._store.append(stream_id, batch, expected_version=version)
            self._versions[stream_id] = version + size


async def append_events(url: str, streams: list[str], per_stream: int) -> int:
    """Append ``per_stream`` fresh events to each of ``streams``; return how many."""
    async with await PostgresEventStore.connect(url, max_size=len(streams)) as store:
        return await LogWriter(store).write(streams, per_stream)
