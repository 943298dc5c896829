"""The partitions of the game commands this engine instance owns: the live instances,
heard by their heartbeats on core NATS, share them by rendezvous hashing (why:
docs/decisions/2026-12-05-tables-owned-through-the-bus.md)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Annotated, Literal

from nats.aio.client import Client
from nats.aio.msg import Msg
from president.contract import Subjects
from president.contract.subjects import PARTITIONS, partition_of
from president.runtime.metrics import PARTITIONS_OWNED
from pydantic import BaseModel, StringConstraints, ValidationError

log = logging.getLogger(__name__)

PERIOD = 0.25
"""Seconds between an instance's heartbeats."""
LOST_AFTER = 8
"""Heartbeats missed before an instance counts as gone (2 s: the decision note's figures)."""
HEAR_FIRST = 4
"""Heartbeats a starting instance listens for before it takes its share."""
FROZEN_AFTER = 5.0
"""Seconds without a heartbeat of its own after which an instance knows it was frozen."""
HANDOVER = 1.0
"""Seconds a partition given to another instance is still served here (make before break)."""

Changed = Callable[[set[int]], Awaitable[None]]
"""Told the partitions gained (subscribe them) or lost (drain them)."""


def owner(partition: int, instances: Iterable[str]) -> str:
    """The instance that owns ``partition`` among ``instances``: the highest hash of both
    (rendezvous hashing: when one instance comes or goes, only its partitions move)."""
    return max(
        instances,
        key=lambda i: hashlib.blake2b(f"{i}|{partition}".encode(), digest_size=8).digest(),
    )


def owned_by(instance: str, instances: Iterable[str]) -> set[int]:
    live = sorted({instance, *instances})
    return {k for k in range(PARTITIONS) if owner(k, live) == instance}


class Partitions:
    """This instance's partitions, following the live instances: a partition gained is
    subscribed at once, one lost is drained ``HANDOVER`` seconds later; ``leave`` gives
    them all away before the instance stops. ``forget`` drops the folds of the tables of
    partitions that change hands (another instance may write them)."""

    def __init__(
        self,
        client: Client,
        subjects: Subjects,
        instance: str,
        *,
        gained: Changed,
        lost: Changed,
        forget: Callable[[set[int]], None],
    ):
        self._client = client
        self._subject = subjects.engine_peers
        self.instance = instance
        self._gained, self._lost, self._forget = gained, lost, forget
        self._seen: dict[str, float] = {}
        self.owned: set[int] = set()
        self._beats: asyncio.Task[None] | None = None
        self._handovers: set[asyncio.Task[None]] = set()
        self._changing = asyncio.Lock()

    def owns(self, table_id: str) -> bool:
        """Whether this instance owns ``table_id``'s partition (its cached fold is the log's)."""
        return partition_of(table_id) in self.owned

    @property
    def handing_over(self) -> bool:
        """Whether partitions given to others are still served here for a moment."""
        return bool(self._handovers)

    async def start(self) -> None:
        """Hear the others for a moment, take this instance's partitions, then say so."""
        await self._client.subscribe(self._subject, cb=self._heard)
        await asyncio.sleep(HEAR_FIRST * PERIOD)
        await self._rebalance()
        await self._client.flush()
        await self._say("alive")
        self._beats = asyncio.create_task(self._beat(), name="engine-heartbeats")

    async def leave(self) -> None:
        """Give every partition away: the others take them, then this one drains them."""
        if self._beats is not None:
            self._beats.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beats
            self._beats = None
        with contextlib.suppress(Exception):
            await self._say("leaving")
            await self._client.flush(timeout=1)
        if self._handovers:
            await asyncio.wait(list(self._handovers))
        if self._seen and self.owned:
            await asyncio.sleep(HANDOVER)  # the others subscribe meanwhile

    async def _rebalance(self) -> None:
        async with self._changing:
            heard_since = time.monotonic() - LOST_AFTER * PERIOD
            self._seen = {i: at for i, at in self._seen.items() if at >= heard_since}
            live = sorted({self.instance, *self._seen})
            owned = owned_by(self.instance, live)
            gained, lost = owned - self.owned, self.owned - owned
            if not (gained or lost):
                return
            self.owned = owned
            PARTITIONS_OWNED.set(len(owned))
            self._forget(gained | lost)
            if gained:
                await self._gained(gained)
            if lost:
                task = asyncio.create_task(self._hand_over(lost))
                self._handovers.add(task)
                task.add_done_callback(self._handovers.discard)
            log.info("engine %s: %d partitions (instances %s)", self.instance, len(owned), live)

    async def _hand_over(self, lost: set[int]) -> None:
        await asyncio.sleep(HANDOVER)
        await self._lost(lost - self.owned)  # unless it came back meanwhile

    async def _beat(self) -> None:
        last = time.monotonic()
        while True:
            await asyncio.sleep(PERIOD)
            now = time.monotonic()
            if now - last > FROZEN_AFTER:
                # This process was frozen: the others took its partitions and may have
                # written its tables. What it folded is stale.
                log.warning("engine %s: frozen for %.1f s; forgetting", self.instance, now - last)
                self._forget(set(range(PARTITIONS)))
            last = now
            try:
                await self._say("alive")
            except Exception:  # the connection is away: it says so in the health
                log.debug("engine %s: heartbeat not sent", self.instance, exc_info=True)
            await self._rebalance()

    async def _say(self, state: Literal["alive", "leaving"]) -> None:
        beat = Heartbeat(instance=self.instance, state=state)
        await self._client.publish(self._subject, beat.model_dump_json().encode())

    async def _heard(self, message: Msg) -> None:
        try:
            beat = Heartbeat.model_validate_json(message.data)
        except ValidationError:
            log.warning("engine %s: ignored a malformed heartbeat", self.instance)
            return
        if beat.instance == self.instance:
            return
        known = beat.instance in self._seen
        if beat.state == "alive":
            self._seen[beat.instance] = time.monotonic()
        else:
            self._seen.pop(beat.instance, None)
        if known != (beat.instance in self._seen) and self._beats is not None:
            await self._rebalance()  # between start and leave: it moves partitions now


class Heartbeat(BaseModel):
    """What an instance says on ``engine.peers`` every ``PERIOD``, and once as it stops."""

    instance: Annotated[str, StringConstraints(min_length=1)]
    state: Literal["alive", "leaving"]
