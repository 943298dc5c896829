"""Group commit: the appends of concurrent commands share one commit, their statements
sent at once (``append_batch``), until one meets a unique violation (then the batch is
retried in one transaction with a savepoint per append)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg
from president.store import AppendResult, ConcurrencyConflict, DuplicateEventId, NewEvent
from president.store.postgres import BatchedAppend, PostgresEventStore

log = logging.getLogger(__name__)

_REFUSALS = (ConcurrencyConflict, DuplicateEventId, ValueError, TypeError)
"""What ``append_in`` raises for one append, leaving the transaction usable."""
MAX_BATCH = 64


@dataclass
class _Pending:
    stream_id: str
    events: Sequence[NewEvent]
    options: dict[str, Any]
    """``append``'s keywords: ``expected_version``, ``command_id``, ``sender``."""
    result: asyncio.Future[AppendResult]


class GroupCommit:
    """The engine's appends, batched while a commit is in progress (at most ``MAX_BATCH``)."""

    def __init__(self, store: PostgresEventStore):
        self._store = store
        self._queue: list[_Pending] = []
        self._committer: asyncio.Task[None] | None = None

    async def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        command_id: str | None = None,
        sender: str = "",
    ) -> AppendResult:
        options: dict[str, Any] = dict(
            expected_version=expected_version, command_id=command_id, sender=sender
        )
        pending = _Pending(stream_id, events, options, asyncio.get_running_loop().create_future())
        self._queue.append(pending)
        if self._committer is None or self._committer.done():
            # Its own task: a caller that gives up must not break the others' commit.
            self._committer = asyncio.create_task(self._commit_all(), name="group-commit")
        return await asyncio.shield(pending.result)

    async def _commit_all(self) -> None:
        """Commit the queued appends a batch at a time (one alone: one statement, no
        transaction to open) and settle each one's result."""
        while self._queue:
            batch = self._queue[:MAX_BATCH]
            del self._queue[:MAX_BATCH]
            try:
                if len(batch) == 1:
                    [alone] = batch
                    append = self._store.append(alone.stream_id, alone.events, **alone.options)
                    outcomes: list[AppendResult | Exception] = [await append]
                else:
                    outcomes = await self._commit_batch(batch)
            except Exception as error:  # nothing of the batch is committed (or it is unknown)
                if len(batch) > 1:
                    log.warning("group commit of %d appends failed: %s", len(batch), error)
                outcomes = [error] * len(batch)
            for pending, outcome in zip(batch, outcomes, strict=True):
                if isinstance(outcome, BaseException):
                    pending.result.set_exception(outcome)
                    pending.result.exception()  # retrieved, even if its caller gave up waiting
                else:
                    pending.result.set_result(outcome)

    async def _commit_batch(self, batch: list[_Pending]) -> list[AppendResult | Exception]:
        """The batch at once (``append_batch``); what it left out is appended alone after
        it. A unique violation writes none of it: then one transaction with a savepoint
        each, so only the append at fault is refused."""
        if len({p.stream_id for p in batch}) == len(batch):
            try:
                written = await self._store.append_batch([_batched(p) for p in batch])
            except asyncpg.UniqueViolationError:
                pass
            else:
                return [
                    outcome if outcome is not None else await self._alone(p)
                    for p, outcome in zip(batch, written, strict=True)
                ]
        outcomes: list[AppendResult | Exception] = []
        async with self._store.pool.acquire() as connection, connection.transaction():
            for p in batch:
                try:
                    outcomes.append(
                        await self._store.append_in(connection, p.stream_id, p.events, **p.options)
                    )
                except _REFUSALS as refusal:
                    outcomes.append(refusal)
        return outcomes

    async def _alone(self, p: _Pending) -> AppendResult | Exception:
        try:  # the batch's others are committed: this append's outcome is its own
            return await self._store.append(p.stream_id, p.events, **p.options)
        except Exception as error:
            return error


def _batched(p: _Pending) -> BatchedAppend:
    o = p.options
    return p.stream_id, p.events, o["expected_version"], o["command_id"], o["sender"]
