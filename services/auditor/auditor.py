"""The auditor's application function: the verdict on a finished game, read from the log."""

from __future__ import annotations

import time

from president.audit import audit_table
from president.contract.verdicts import Verdict
from president.runtime.metrics import AUDIT_SECONDS
from president.store import EventStore

from services.auditor.verdicts import GameEnd, verdict_of


class Auditor:
    """Replays and verifies a finished game as ``president audit`` does, from ``store``
    (the log, read as ``president_auditor``)."""

    def __init__(self, store: EventStore):
        self.store = store

    async def verdict(self, end: GameEnd) -> Verdict:
        """The verdict on the game ``end`` closes. Raises what the store raises (the
        database away): no verdict then, the message comes back."""
        started = time.perf_counter()
        report = await audit_table(self.store, end.table_id)
        AUDIT_SECONDS.observe(time.perf_counter() - started)
        return verdict_of(report, end)
