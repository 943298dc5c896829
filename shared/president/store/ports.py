"""The event store port: services depend on this Protocol, never on an implementation."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from president.store.model import (
    AppendResult,
    ChainReport,
    EventStamp,
    NewEvent,
    RecordedEvent,
)

NOTIFY_CHANNEL = "president_events"
"""Postgres channel notified (empty payload) by every transaction that appends events
(at its commit; never for a rollback)."""


class StreamHold(Protocol):
    """A stream held by one writer (see ``EventStore.hold``)."""

    @property
    def refusal(self) -> dict[str, Any] | None:
        """The refusal remembered for the hold's command id of its sender, if any."""
        ...

    async def remember(self, reply: dict[str, Any]) -> None:
        """Remember the refusal of the hold's command id (the first one remembered stays)."""
        ...


class Appender(Protocol):
    """Appends to one stream (every store does; so does the engine's group commit)."""

    async def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        command_id: str | None = None,
        sender: str = "",
    ) -> AppendResult:
        """Append all `events` or none.

        `expected_version=0` means the stream must not exist; `None` skips the check.
        A stale expectation raises `ConcurrencyConflict`. When `command_id` of `sender`
        (the attested user that sent the command; '' when anonymous) was already recorded
        on this stream, nothing is written and the original result comes back with
        `duplicate=True`; the same id of another sender is another command.
        """
        ...


class EventStore(Appender, Protocol):
    """An append-only log of streams of events, hash-chained per stream."""

    async def read_stream(self, stream_id: str, from_version: int = 1) -> list[RecordedEvent]:
        """The stream's events from `from_version` on, in version order."""
        ...

    async def read_all(
        self, after_position: int = 0, limit: int = 1000, *, types: Sequence[str] | None = None
    ) -> list[RecordedEvent]:
        """Up to `limit` committed events with `position > after_position`, by position
        (only those of `types`, when given).

        Positions grow in commit order (gaps are possible), so a reader that resumes after
        the last position it saw never skips an event that commits later.
        """
        ...

    async def read_stamps(self, after_position: int = 0, limit: int = 1000) -> list[EventStamp]:
        """What `read_all` gives, without data and metadata: where and when each event
        is (a light read for watching the log, as the engine's sweeps do)."""
        ...

    async def stream_version(self, stream_id: str) -> int:
        """The stream's last version, 0 when it does not exist."""
        ...

    def hold(
        self,
        stream_id: str,
        command_id: str | None = None,
        *,
        sender: str = "",
    ) -> AbstractAsyncContextManager[StreamHold]:
        """Hold `stream_id` as its only writer among the store's clients until the context
        ends, reading as it is taken the refusal remembered for `command_id` of `sender`
        (`command_rejections`); waits while another client holds the stream. Appends are
        not checked against holds: `expected_version` stays the guard."""
        ...

    async def remember_refusal(
        self, stream_id: str, command_id: str, reply: dict[str, Any], sender: str = ""
    ) -> None:
        """Remember ``reply`` as the refusal of ``command_id`` of ``sender`` on the stream;
        holds of that command read it back (``StreamHold.refusal``). The first refusal
        remembered stays."""
        ...

    async def refusals(self, stream_id: str) -> dict[tuple[str, str], dict[str, Any]]:
        """Every refusal remembered on the stream, by (sender, command id)."""
        ...

    async def verify_chain(self, stream_id: str) -> ChainReport:
        """Recompute the stream's hash chain and report every edited, missing, inserted or
        reordered event."""
        ...

    async def close(self) -> None:
        """Release connections."""
        ...
