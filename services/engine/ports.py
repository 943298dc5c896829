"""What the engine's application needs from the outside world (Protocols)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from president.store import AppendResult, NewEvent, StreamHold

TableSession = StreamHold
"""One table held exclusively (across every engine instance) until the session ends: its
game stream held (``EventStore.hold``) or leased. ``head_version`` and ``rejection`` are
read as the table is taken, in one round trip: fresh when the table was free, possibly
behind when the session had to wait (the append's expected version catches that, and
refusals re-read the log first)."""


class TableSessions(Protocol):
    """Opens a :class:`TableSession`; waits while another instance holds the table."""

    def hold(
        self, table_id: str, command_id: str | None = None, sender: str = ""
    ) -> AbstractAsyncContextManager[TableSession]:
        """``sender``: the attested user of the command ('' when anonymous); the session's
        ``rejection`` is the one remembered for this sender's command id."""
        ...

    def finished(self, table_id: str) -> None:
        """The table's game is over: keep nothing of it past the command in hand."""
        ...


class Appender(Protocol):
    """Appends to one stream, as ``EventStore.append`` does (the store itself fits)."""

    async def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        command_id: str | None = None,
        sender: str = "",
    ) -> AppendResult: ...
