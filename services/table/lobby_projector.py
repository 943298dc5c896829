"""The lobby projector: keeps the lobby read model (``president.store.lobby``) up to date
with the log, its tracking position moved in the same transaction as the rows it changes."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from president.contract import TableSummary
from president.contract.subjects import table_id_of_stream
from president.runtime.outages import log_failure
from president.store import EventStore, RecordedEvent
from president.store.failures import DatabaseError
from president.store.lobby import LobbyRows, LobbyStore

from services.table.lobby_view import project

log = logging.getLogger(__name__)

CONSUMER = "lobby"


class LobbyProjector:
    """Keeps the lobby up to date with the log; woken by the store's NOTIFY, at most once
    per ``settle`` seconds (the lobby may lag the log by that much)."""

    def __init__(
        self,
        lobby: LobbyStore,
        store: EventStore,
        *,
        batch_size: int = 2000,
        poll_interval: float = 0.5,
        settle: float = 0.5,
    ):
        self._lobby = lobby
        self._store = store
        self._batch_size = batch_size
        self._poll_interval = poll_interval
        self._settle = settle
        self._woken = asyncio.Event()

    async def run(self, stop: asyncio.Event) -> None:
        """Project until ``stop`` is set; a failed batch is retried after a pause."""
        async with self._lobby.listening(self._wake) as listening:
            while not stop.is_set():
                if listening.lost:
                    # Postgres went away: the caller starts over on a new connection.
                    raise ConnectionError("the lobby projector's listening connection is lost")
                self._woken.clear()
                try:
                    await self.catch_up()
                except (OSError, DatabaseError) as error:
                    log_failure(log, error, "lobby projector: batch failed", again=False)
                await _first(stop, self._woken, within=self._poll_interval)
                # Every append notifies: let a burst gather into one batch.
                await _first(stop, within=self._settle)

    def _wake(self) -> None:
        self._woken.set()

    async def catch_up(self) -> int:
        """Apply every committed event not yet projected; return how many were read."""
        total = 0
        while True:
            after = await self._lobby.position(CONSUMER)
            events = await self._store.read_all(after_position=after, limit=self._batch_size)
            if not events:
                return total

            async def change(rows: LobbyRows, batch: Sequence[RecordedEvent] = events) -> None:
                await _apply(rows, batch)

            await self._lobby.project(CONSUMER, events[-1].position, change)
            total += len(events)


async def _apply(rows: LobbyRows, events: Sequence[RecordedEvent]) -> None:
    relevant: list[tuple[str, str, RecordedEvent]] = []
    for event in events:
        parsed = table_id_of_stream(event.stream_id)
        if parsed is not None:
            relevant.append((parsed[0], parsed[1], event))
    if not relevant:
        return
    ids = sorted({table_id for _, table_id, _ in relevant})
    current: dict[str, TableSummary | None] = dict(await rows.load(ids))
    first_seen: dict[str, int] = {}
    for kind, table_id, event in relevant:
        before = current.get(table_id)
        after = project(before, kind, table_id, event.version, event.type, event.data)
        if after is not before:
            current[table_id] = after
            first_seen.setdefault(table_id, event.position)
    for table_id, position in first_seen.items():
        summary = current[table_id]
        if summary is not None:
            await rows.upsert(summary, position)


async def _first(*events: asyncio.Event, within: float) -> Any:
    waiters = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waiters, timeout=within, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()
