"""The auditor's application function: the verdict on a finished game (or a round's end),
read from the log."""

from __future__ import annotations

import time
from collections.abc import Sequence

from president.audit import audit_events, game_stream_id
from president.contract.verdicts import Verdict
from president.runtime.metrics import AUDIT_SECONDS
from president.store import EventStore, RecordedEvent

from services.auditor.verdicts import GameEnd, verdict_of


class Auditor:
    """Replays and verifies a finished game as ``president audit`` does, from ``store``
    (the log, read as ``president_auditor``); a round's end, the game up to it."""

    def __init__(self, store: EventStore):
        self.store = store

    async def verdict(self, end: GameEnd) -> Verdict:
        """The verdict on the game (or round) ``end`` closes. Raises what the store raises
        (the database away): no verdict then, the message comes back."""
        started = time.perf_counter()
        events = await self.store.read_stream(game_stream_id(end.table_id))
        round_number = None
        if end.round_end:
            events, round_number = up_to_round_end(events, end.version)
        report = audit_events(events, end.table_id)
        AUDIT_SECONDS.observe(time.perf_counter() - started)
        return verdict_of(report, end, round_number)


def up_to_round_end(
    events: Sequence[RecordedEvent], version: int
) -> tuple[list[RecordedEvent], int | None]:
    """The game as the transaction that appended its ``RoundEnded`` at ``version`` left
    it (that append holds the revealed seed, and the next round's deal), and the round."""
    ended = next((e for e in events if e.version == version), None)
    if ended is None:  # not in the log: audit what is there, the audit says what is wrong
        return list(events), None
    upto = [e for e in events if e.version <= version or e.tx_id == ended.tx_id]
    number = ended.data.get("round")
    return upto, number if isinstance(number, int) else None
