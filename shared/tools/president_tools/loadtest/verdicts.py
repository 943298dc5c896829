"""How long the auditor takes: each game's ``GameEnded`` on its public subject and the
verdict on it, both stamped on arrival at one watcher (``bench e2e``)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import orjson
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from president.bus.auth import Permissions, Secret, User, inbox_prefix
from president.contract.headers import EVENT_ID, EVENT_TYPE
from president.contract.subjects import Subjects

from president_tools.loadtest.stats import percentile

WATCHER = "bench-verdicts"


def verdict_watcher(prefix: str) -> User:
    """The watcher's NATS identity: the public events and the verdicts, nothing else."""
    return User(
        WATCHER,
        Secret(literal=""),  # the embedded server draws its password
        Permissions(
            publish=(),
            subscribe=(
                f"{prefix}.evt.table.*.public",
                f"{prefix}.audit.verdict.*",
                f"{inbox_prefix(WATCHER)}.>",
            ),
        ),
    )


class VerdictClock:
    """Game ends seen (event id: arrival) and the verdicts on them (event id: arrival)."""

    def __init__(self, nats: Client, subjects: Subjects):
        self.nats, self.subjects = nats, subjects
        self.ends: dict[str, float] = {}
        self.verdicts: dict[str, float] = {}
        self._subscriptions: list[Subscription] = []
        self._verdict_seen = asyncio.Event()

    async def start(self) -> None:
        self._subscriptions = [
            await self.nats.subscribe(self.subjects.all_public, cb=self._on_event),
            await self.nats.subscribe(self.subjects.verdict_subjects[0], cb=self._on_verdict),
        ]
        await self.nats.flush()

    async def _on_event(self, msg: Msg) -> None:
        headers = msg.headers or {}
        if headers.get(EVENT_TYPE) == "GameEnded" and EVENT_ID in headers:
            self.ends.setdefault(headers[EVENT_ID], time.monotonic())

    async def _on_verdict(self, msg: Msg) -> None:
        verdict = orjson.loads(msg.data)
        if verdict.get("round") is None:
            self.verdicts.setdefault(str(verdict["event_id"]), time.monotonic())
            self._verdict_seen.set()

    async def settle(self, within: float) -> None:
        """Wait up to ``within`` s for the verdicts on the ends seen, then stop watching."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(within):
                while set(self.ends) - set(self.verdicts):
                    self._verdict_seen.clear()
                    await self._verdict_seen.wait()
        for subscription in self._subscriptions:
            await subscription.unsubscribe()

    def figures(self) -> dict[str, Any]:
        """``p50`` / ``p95`` milliseconds from a game's end to its verdict, over ``count``
        games; ``missing``: ends seen with no verdict."""
        delays = [
            (self.verdicts[e] - at) * 1000 for e, at in self.ends.items() if e in self.verdicts
        ]
        return {
            "p50": percentile(delays, 50),
            "p95": percentile(delays, 95),
            "count": len(delays),
            "missing": len(self.ends) - len(delays),
        }
