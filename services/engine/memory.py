"""The in-memory adapter of the engine's table sessions, for unit tests (one process)."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager

from president.contract import stream_id_of_game
from president.store import StreamHold
from president.store.memory import InMemoryEventStore


class MemoryTableSessions:
    """A table session is a hold on the game stream in the in-memory store."""

    def __init__(self, store: InMemoryEventStore):
        self._store = store

    def finished(self, table_id: str) -> None:
        """Nothing is kept past a session."""

    def hold(
        self, table_id: str, command_id: str | None = None, sender: str = ""
    ) -> AbstractAsyncContextManager[StreamHold]:
        return self._store.hold(stream_id_of_game(table_id), command_id, sender=sender)
