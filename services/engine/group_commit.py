"""Group commit: the appends of concurrent commands share one commit, without savepoints
until one meets a unique violation (then the batch is retried with one per append)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import asyncpg
from president.store import AppendResult, ConcurrencyConflict, DuplicateEventId, NewEvent
from president.store.postgres import PostgresEventStore

log = logging.getLogger(__name__)

_REFUSALS = (ConcurrencyConflict, DuplicateEventId, ValueError, TypeError)
"""What ``append_in`` raises for one append, leaving the transaction usable."""


def _future() -> asyncio.Future[AppendResult]:
    future: asyncio.Future[AppendResult] = asyncio.get_running_loop().create_future()
    # Retrieved even when its caller gave up waiting (no "never retrieved" warning).
    future.add_done_callback(lambda done: done.cancelled() or done.exception())
    return future


@dataclass
class _Pending:
    stream_id: str
    events: Sequence[NewEvent]
    expected_version: int | None
    command_id: str | None
    sender: str
    result: asyncio.Future[AppendResult] = field(default_factory=_future)


class GroupCommit:
    """The engine's appends, batched while a commit is in progress (at most ``max_batch``)."""

    def __init__(self, store: PostgresEventStore, *, max_batch: int = 64):
        self._store = store
        self._max_batch = max_batch
        self._queue: list[_Pending] = []
        self._committer: asyncio.Task[None] | None = None
        self.batches = 0
        self.batched = 0

    async def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        command_id: str | None = None,
        sender: str = "",
    ) -> AppendResult:
        pending = _Pending(stream_id, events, expected_version, command_id, sender)
        self._queue.append(pending)
        if self._committer is None or self._committer.done():
            # Its own task: a caller that gives up must not break the others' commit.
            self._committer = asyncio.create_task(self._commit_all(), name="group-commit")
        return await asyncio.shield(pending.result)

    async def _commit_all(self) -> None:
        while self._queue:
            batch = self._queue[: self._max_batch]
            del self._queue[: self._max_batch]
            if len(batch) == 1:
                await self._alone(batch[0])
            else:
                await self._together(batch)

    async def _alone(self, pending: _Pending) -> None:
        try:
            result = await self._store.append(
                pending.stream_id,
                pending.events,
                expected_version=pending.expected_version,
                command_id=pending.command_id,
                sender=pending.sender,
            )
        except Exception as error:
            _settle(pending, error)
        else:
            _settle(pending, result)

    async def _together(self, batch: list[_Pending]) -> None:
        outcomes: list[AppendResult | Exception] = []
        try:
            async with self._store.pool.acquire() as connection:
                try:
                    outcomes = await self._in_one_transaction(connection, batch, savepoint=False)
                except asyncpg.UniqueViolationError:  # rolled back: one by one, each alone
                    outcomes = await self._in_one_transaction(connection, batch, savepoint=True)
        except Exception as error:  # nothing of the batch is committed (or it is unknown)
            log.warning("group commit of %d appends failed: %s", len(batch), error)
            for pending in batch:
                _settle(pending, error)
            return
        self.batches += 1
        self.batched += len(batch)
        for pending, outcome in zip(batch, outcomes, strict=True):
            _settle(pending, outcome)

    async def _in_one_transaction(
        self, connection: asyncpg.Connection, batch: list[_Pending], *, savepoint: bool
    ) -> list[AppendResult | Exception]:
        async with connection.transaction():
            return [await self._append_in(connection, p, savepoint=savepoint) for p in batch]

    async def _append_in(
        self, connection: asyncpg.Connection, pending: _Pending, *, savepoint: bool
    ) -> AppendResult | Exception:
        try:
            return await self._store.append_in(
                connection,
                pending.stream_id,
                pending.events,
                expected_version=pending.expected_version,
                command_id=pending.command_id,
                sender=pending.sender,
                savepoint=savepoint,
            )
        except _REFUSALS as refusal:
            return refusal


def _settle(pending: _Pending, outcome: AppendResult | BaseException) -> None:
    if pending.result.done():
        return
    if isinstance(outcome, BaseException):
        pending.result.set_exception(outcome)
    else:
        pending.result.set_result(outcome)
