"""The replay page's data: a game's log read through the auditor's read-only role, audited
and stepped through by ``president.audit.replay_document`` (the page only draws it)."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

from president.audit import game_stream_id
from president.audit.steps import replay_document
from president.store import EventStore

from services.web.errors import LobbyError

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""``contract.base.TableId``."""


@dataclass
class Replays:
    """Replays of the games in ``store`` (None: this process has no database: 503), one
    at a time: the replay runs in a thread, and a burst of them never slows the lobby."""

    store: EventStore | None
    _one: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(1))

    async def document(self, table_id: str) -> dict[str, Any]:
        if not TABLE_ID.fullmatch(table_id):
            raise LobbyError(400, "bad_request", {"field": "table_id"})
        if self.store is None:
            raise LobbyError(503, "unavailable")
        if self._one.locked():
            raise LobbyError(503, "busy")
        async with self._one:
            events = await self.store.read_stream(game_stream_id(table_id))
            if not events:
                raise LobbyError(404, "UNKNOWN_TABLE")
            return await asyncio.to_thread(replay_document, events, table_id)
