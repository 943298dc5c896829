"""What the engine's application needs from the outside world (Protocols)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from president.store import AppendResult, NewEvent


class TableSession(Protocol):
    """One table held exclusively (across every engine instance) until the session ends."""

    async def append(
        self, stream_id: str, events: Sequence[NewEvent], *, expected_version: int, command_id: str
    ) -> AppendResult:
        """Append inside the session (raises the store's ConcurrencyConflict)."""
        ...

    async def recorded_rejection(self, command_id: str) -> dict[str, Any] | None:
        """The rejection this table gave ``command_id`` before, if any."""
        ...

    async def record_rejection(self, command_id: str, reply: dict[str, Any]) -> None:
        """Remember the rejection of ``command_id`` (its retries get the same reply)."""
        ...


class TableSessions(Protocol):
    """Opens a :class:`TableSession`; waits while another instance holds the table."""

    def hold(self, table_id: str) -> AbstractAsyncContextManager[TableSession]: ...
