"""The in-memory adapter of the engine's table sessions, for unit tests (one process)."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from datetime import datetime

from president.contract import stream_id_of_game, table_id_of_stream
from president.store import StreamHold
from president.store.memory import InMemoryEventStore

from services.engine.turn_clock import DeadlineFact


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


class MemoryDeadlineFacts:
    """The in-memory store's deadlines and game ends after a position."""

    def __init__(self, store: InMemoryEventStore):
        self._store = store

    async def after(self, position: int, limit: int = 5000) -> list[DeadlineFact]:
        facts: list[DeadlineFact] = []
        while len(facts) < limit:
            events = await self._store.read_all(position, 1000)
            if not events:
                break
            for event in events:
                position = event.position
                kind = table_id_of_stream(event.stream_id)
                if kind is None or kind[0] != "game":
                    continue
                if event.type not in ("TurnDeadlineSet", "GameEnded"):
                    continue
                raw = event.data.get("deadline")
                deadline = None if raw is None else datetime.fromisoformat(str(raw))
                facts.append(DeadlineFact(event.position, kind[1], event.type, deadline))
        return facts[:limit]
