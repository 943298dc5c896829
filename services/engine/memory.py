"""In-memory adapters of the engine's ports, for unit tests (one process, one event loop)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from president.contract import stream_id_of_game
from president.store.memory import InMemoryEventStore


@dataclass
class MemoryTableSession:
    head_version: int
    rejection: dict[str, Any] | None
    _command_id: str | None
    _rejections: dict[str, dict[str, Any]]

    async def record_rejection(self, reply: dict[str, Any]) -> None:
        if self._command_id is not None:
            self._rejections.setdefault(self._command_id, reply)


class MemoryTableSessions:
    """A lock and a rejection memory per table, in this process."""

    def __init__(self, store: InMemoryEventStore):
        self._store = store
        self._locks: dict[str, asyncio.Lock] = {}
        self._rejections: dict[str, dict[str, dict[str, Any]]] = {}

    @asynccontextmanager
    async def hold(
        self, table_id: str, command_id: str | None = None
    ) -> AsyncIterator[MemoryTableSession]:
        async with self._locks.setdefault(table_id, asyncio.Lock()):
            rejections = self._rejections.setdefault(table_id, {})
            yield MemoryTableSession(
                head_version=await self._store.stream_version(stream_id_of_game(table_id)),
                rejection=rejections.get(command_id) if command_id else None,
                _command_id=command_id,
                _rejections=rejections,
            )
