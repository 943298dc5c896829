"""The partitions of the game commands this engine instance owns: the live instances,
heard by their heartbeats on core NATS, share them by rendezvous hashing (why:
docs/decisions/2026-12-05-tables-owned-through-the-bus.md)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Annotated, Literal

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from president.contract import Subjects
from president.contract.subjects import PARTITIONS, partition_of
from president.runtime.metrics import PARTITIONS_OWNED
from pydantic import BaseModel, StringConstraints, ValidationError

log = logging.getLogger(__name__)

PERIOD = 0.25
"""Seconds between an instance's heartbeats."""
LOST_AFTER = 8
"""Heartbeats missed before an instance counts as gone (a crash's partitions move then:
after 2 s; a live instance whose loop stalls for a second keeps them)."""
HEAR_FIRST = 4
"""Heartbeats a starting instance listens for before it takes its share (every live
instance beats once in that time)."""
FROZEN_AFTER = 5.0
"""Seconds without a heartbeat of its own after which an instance knows it was frozen."""
HANDOVER = 1.0
"""Seconds a partition given to another instance is still served here (the new owner
subscribes meanwhile: make before break)."""
MAX_PEERS = 64
"""Instances kept at most (a heartbeat from one more is ignored)."""
MAX_HEARTBEAT = 256
"""Bytes of a heartbeat at most (a longer one is ignored)."""
_NOT_A_TOKEN = re.compile(r"[^A-Za-z0-9_-]")

Changed = Callable[[set[int]], Awaitable[None]]
"""Told the partitions gained (subscribe them) or lost (drain them)."""


def instance_token(instance: str) -> str:
    """``instance`` as one subject token (other characters become ``_``; at most 64)."""
    return _NOT_A_TOKEN.sub("_", instance)[:64] or "_"


def owner(partition: int, instances: Iterable[str]) -> str:
    """The instance that owns ``partition`` among ``instances``: the highest hash of both
    (rendezvous hashing: when one instance comes or goes, only its partitions move)."""
    return max(
        instances,
        key=lambda i: hashlib.blake2b(f"{i}|{partition}".encode(), digest_size=8).digest(),
    )


def owned_by(token: str, instances: Iterable[str], partitions: int = PARTITIONS) -> set[int]:
    live = sorted({token, *instances})
    return {k for k in range(partitions) if owner(k, live) == token}


class Partitions:
    """This instance's partitions, following the live instances: a partition gained is
    subscribed at once, one lost is drained ``HANDOVER`` seconds later; ``leave`` gives
    them all away before the instance stops. ``gained``/``lost`` are the command server's;
    ``forget(partitions)`` drops the folds of tables whose partition came back from another
    instance (it may have written them meanwhile)."""

    def __init__(
        self,
        client: Client,
        subjects: Subjects,
        instance: str,
        *,
        gained: Changed,
        lost: Changed,
        forget: Callable[[set[int]], None],
        period: float = PERIOD,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._client = client
        self._subject = subjects.engine_peers
        self.token = instance_token(instance)
        self._gained, self._lost, self._forget = gained, lost, forget
        self._period = period
        self._clock = clock
        self._seen: dict[str, float] = {}
        self.owned: set[int] = set()
        self._subscription: Subscription | None = None
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

    def live(self) -> list[str]:
        """The instances heard from lately, this one included, sorted."""
        lost = self._clock() - LOST_AFTER * self._period
        for token in [t for t, at in self._seen.items() if at < lost]:
            del self._seen[token]
        return sorted({self.token, *self._seen})

    async def start(self) -> None:
        """Hear the others for a moment, take this instance's partitions, then say so."""
        self._subscription = await self._client.subscribe(self._subject, cb=self._heard)
        await asyncio.sleep(HEAR_FIRST * self._period)
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
        if self._subscription is not None:
            with contextlib.suppress(Exception):
                await self._subscription.unsubscribe()
            self._subscription = None
        with contextlib.suppress(Exception):
            await self._say("leaving")
            await self._client.flush(timeout=1)
        if self._handovers:
            await asyncio.wait(list(self._handovers))
        if self._seen and self.owned:
            await asyncio.sleep(HANDOVER)  # the others subscribe meanwhile
        self._seen.clear()

    async def _rebalance(self) -> None:
        async with self._changing:
            owned = owned_by(self.token, self.live())
            gained, lost = owned - self.owned, self.owned - owned
            self.owned = owned
            PARTITIONS_OWNED.set(len(owned))
            if gained:
                self._forget(gained)
                await self._gained(gained)
            if lost:
                self._forget(lost)
                task = asyncio.create_task(self._hand_over(lost))
                self._handovers.add(task)
                task.add_done_callback(self._handovers.discard)
            if gained or lost:
                log.info(
                    "engine %s: %d partitions (instances %s)", self.token, len(owned), self.live()
                )

    async def _hand_over(self, lost: set[int]) -> None:
        await asyncio.sleep(HANDOVER)
        await self._lost(lost - self.owned)  # unless it came back meanwhile

    async def _beat(self) -> None:
        last = self._clock()
        while True:
            await asyncio.sleep(self._period)
            now = self._clock()
            if now - last > FROZEN_AFTER:
                # This process was frozen: the others took its partitions and may have
                # written its tables. What it folded is stale.
                log.warning("engine %s: frozen for %.1f s; forgetting", self.token, now - last)
                self._forget(set(range(PARTITIONS)))
            last = now
            try:
                await self._say("alive")
            except Exception:  # the connection is away: it says so in the health
                log.debug("engine %s: heartbeat not sent", self.token, exc_info=True)
            await self._rebalance()

    async def _say(self, state: str) -> None:
        body = json.dumps({"instance": self.token, "state": state}).encode()
        await self._client.publish(self._subject, body)

    async def _heard(self, message: Msg) -> None:
        heard = _heartbeat(message.data)
        if heard is None:
            log.warning("engine %s: ignored a malformed heartbeat", self.token)
            return
        token, alive = heard
        if token == self.token:
            return
        known = token in self._seen
        if alive and (known or len(self._seen) < MAX_PEERS):
            self._seen[token] = self._clock()
        elif not alive:
            self._seen.pop(token, None)
        if known != (token in self._seen) and self._beats is not None:
            await self._rebalance()  # started: the change moves partitions now


class _Beat(BaseModel):
    instance: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
    state: Literal["alive", "leaving"]


def _heartbeat(data: bytes) -> tuple[str, bool] | None:
    """``(instance, alive)`` of a heartbeat, None when it is not one."""
    if len(data) > MAX_HEARTBEAT:
        return None
    try:
        beat = _Beat.model_validate_json(data)
    except ValidationError:
        return None
    return beat.instance, beat.state == "alive"
