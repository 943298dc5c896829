"""What the engine's application needs from the outside world (Protocols)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from president.store import AppendResult, NewEvent


class TableSession(Protocol):
    """One table held exclusively (across every engine instance) until the session ends.

    ``head_version`` and ``rejection`` are read as the table is taken, in one round
    trip: fresh when the table was free, possibly behind when the session had to wait
    (the append's expected version catches that, and refusals re-read the log first).
    """

    @property
    def head_version(self) -> int:
        """The game stream's version as the table was taken."""
        ...

    @property
    def rejection(self) -> dict[str, Any] | None:
        """The rejection this table gave the session's command id before, if any."""
        ...

    async def record_rejection(self, reply: dict[str, Any]) -> None:
        """Remember the rejection of the session's command (its retries get the same)."""
        ...


class TableSessions(Protocol):
    """Opens a :class:`TableSession`; waits while another instance holds the table."""

    def hold(
        self, table_id: str, command_id: str | None = None
    ) -> AbstractAsyncContextManager[TableSession]: ...


class Appender(Protocol):
    """Appends to one stream, as ``EventStore.append`` does (the store itself fits)."""

    async def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        command_id: str | None = None,
    ) -> AppendResult: ...
