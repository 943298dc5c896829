"""In-memory adapters of the engine's ports, for unit tests (one process, one event loop)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from president.store import AppendResult, NewEvent
from president.store.memory import InMemoryEventStore


class MemoryTableSession:
    def __init__(self, store: InMemoryEventStore, rejections: dict[str, dict[str, Any]]):
        self._store = store
        self._rejections = rejections

    async def append(
        self, stream_id: str, events: Sequence[NewEvent], *, expected_version: int, command_id: str
    ) -> AppendResult:
        return await self._store.append(
            stream_id, events, expected_version=expected_version, command_id=command_id
        )

    async def recorded_rejection(self, command_id: str) -> dict[str, Any] | None:
        return self._rejections.get(command_id)

    async def record_rejection(self, command_id: str, reply: dict[str, Any]) -> None:
        self._rejections.setdefault(command_id, reply)


class MemoryTableSessions:
    """A lock and a rejection memory per table, in this process."""

    def __init__(self, store: InMemoryEventStore):
        self._store = store
        self._locks: dict[str, asyncio.Lock] = {}
        self._rejections: dict[str, dict[str, dict[str, Any]]] = {}

    @asynccontextmanager
    async def hold(self, table_id: str) -> AsyncIterator[MemoryTableSession]:
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            yield MemoryTableSession(self._store, self._rejections.setdefault(table_id, {}))
