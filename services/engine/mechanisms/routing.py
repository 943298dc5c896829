"""Tables routed to engine instances: each instance hears the others' heartbeats and passes
a table's game commands and reactions on to the live instance that owns it (rendezvous
hashing). docs/decisions/2026-12-04-tables-routed-to-engines.md says why."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from president.contract import Subjects
from president.contract.subjects import parse_command_subject
from president.runtime.metrics import PASSED_ON

log = logging.getLogger(__name__)

PERIOD = 0.5
"""Seconds between an instance's heartbeats."""
LOST_AFTER = 3
"""Heartbeats missed before an instance counts as gone."""
MAX_PEERS = 64
"""Instances kept at most (a heartbeat from one more is ignored)."""
MAX_HEARTBEAT = 256
"""Bytes of a heartbeat or a reaction request at most (a longer one is ignored)."""
_NOT_A_TOKEN = re.compile(r"[^A-Za-z0-9_-]")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""An instance's token, or a table id (``president.contract.base.TableId``)."""


def instance_token(instance: str) -> str:
    """``instance`` as one subject token: other characters than letters, digits, ``_`` and
    ``-`` become ``_``; at most 64."""
    return _NOT_A_TOKEN.sub("_", instance)[:64] or "_"


def owner(table_id: str, instances: Iterable[str]) -> str:
    """The instance that owns ``table_id`` among ``instances``: the highest hash of both
    (rendezvous hashing: when one instance goes, only its tables move)."""
    return max(
        instances,
        key=lambda i: hashlib.blake2b(f"{i}|{table_id}".encode(), digest_size=8).digest(),
    )


class Peers:
    """The engine instances alive on the command connection, as their heartbeats on
    ``Subjects.engine_peers`` say, and the forward subject of a game command."""

    def __init__(
        self,
        client: Client,
        subjects: Subjects,
        instance: str,
        *,
        period: float = PERIOD,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._client = client
        self._subjects = subjects
        self.token = instance_token(instance)
        self._period = period
        self._clock = clock
        self._seen: dict[str, float] = {}
        self._subscription: Subscription | None = None
        self._beats: asyncio.Task[None] | None = None

    @property
    def own_subject(self) -> str:
        """Where the other instances pass on this one's commands."""
        return self._subjects.engine_forward(self.token)

    def live(self) -> list[str]:
        """The instances heard from lately, this one included, sorted."""
        now = self._clock()
        lost = now - LOST_AFTER * self._period
        for token in [t for t, at in self._seen.items() if at < lost]:
            del self._seen[token]
        return sorted({self.token, *self._seen})

    def owner_of(self, table_id: str) -> str | None:
        """The other instance that owns ``table_id``, None when this one does (or hears
        no other)."""
        if not self._seen:
            return None
        found = owner(table_id, self.live())
        return None if found == self.token else found

    def owns(self, table_id: str) -> bool:
        """Whether this instance owns ``table_id`` (it leases only those: a table another
        instance owns would be asked back at its next command)."""
        return self.owner_of(table_id) is None

    def forward_subject(self, subject: str) -> str | None:
        """Where a game command on ``subject`` goes: the forward subject of its table's
        owner, None when this instance owns it (or the subject names no table)."""
        if not self._seen:
            return None  # alone: nothing to parse
        target = parse_command_subject(subject)
        found = None if target is None else self.owner_of(target[1])
        return None if found is None else self._subjects.engine_forward(found)

    async def start(self) -> None:
        self._subscription = await self._client.subscribe(
            self._subjects.engine_peers, cb=self._heard
        )
        await self._say("alive")
        self._beats = asyncio.create_task(self._beat(), name="engine-heartbeats")

    async def stop(self) -> None:
        """Tell the others this instance is leaving (they stop passing it commands)."""
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
        self._seen.clear()

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self._period)
            try:
                await self._say("alive")
            except Exception:  # the connection is away: it says so in the health
                log.debug("engine %s: heartbeat not sent", self.token, exc_info=True)

    async def _say(self, state: str) -> None:
        body = json.dumps({"instance": self.token, "state": state}).encode()
        await self._client.publish(self._subjects.engine_peers, body)

    async def _heard(self, message: Msg) -> None:
        heard = _heartbeat(message.data)
        if heard is None:
            log.warning("engine %s: ignored a malformed heartbeat", self.token)
            return
        token, alive = heard
        if token == self.token:
            return
        if not alive:
            if self._seen.pop(token, None) is not None:
                log.info("engine %s: %s left; instances %s", self.token, token, self.live())
        elif token in self._seen or len(self._seen) < MAX_PEERS:
            new = token not in self._seen
            self._seen[token] = self._clock()
            if new:
                log.info("engine %s: heard %s; instances %s", self.token, token, self.live())


def _object(data: bytes) -> dict[str, Any] | None:
    """The JSON object ``data`` holds (at most ``MAX_HEARTBEAT`` bytes), else None."""
    if len(data) > MAX_HEARTBEAT:
        return None
    try:
        body = json.loads(data)
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _heartbeat(data: bytes) -> tuple[str, bool] | None:
    """``(instance, alive)`` of a heartbeat, None when it is not one."""
    body = _object(data)
    if body is None:
        return None
    token, state = body.get("instance"), body.get("state")
    if (
        not isinstance(token, str)
        or not _TOKEN.fullmatch(token)
        or state not in ("alive", "leaving")
    ):
        return None
    return token, state == "alive"


React = Callable[[str, int, int], Awaitable[None]]
"""The reaction to a table's events from version ``since`` to ``until``
(``Reactor.on_game``)."""
REACT_TIMEOUT = 5.0
"""Seconds a reaction passed on waits for the owner (then it is done here)."""
MAX_REACTING = 256
"""Reactions done for other instances at once at most; beyond, they react themselves."""
REACTED = b"reacted"
NOT_REACTED = b"not-reacted"
_REACTION_KEYS = {"table_id", "since", "until"}


class Reactions:
    """A table's reaction done by the instance that owns it: its cache holds the game, the
    others would read and fold it from the log. Asked on the engine's own connection
    (``Subjects.engine_reactions``); done here when the owner cannot."""

    def __init__(self, client: Client, subjects: Subjects, peers: Peers):
        self._client = client
        self._subjects = subjects
        self._peers = peers
        self._subscription: Subscription | None = None
        self._reacting: set[asyncio.Task[None]] = set()

    async def start(self, react: React) -> None:
        """Do the reactions the other instances pass on, with ``react``."""
        subject = self._subjects.engine_reactions(self._peers.token)
        self._subscription = await self._client.subscribe(
            subject, cb=functools.partial(self._asked, react)
        )

    async def _asked(self, react: React, message: Msg) -> None:
        """A task for each reaction asked (it awaits the prompts' acks), at most
        ``MAX_REACTING`` at once; beyond, the asking instance reacts itself."""
        if len(self._reacting) >= MAX_REACTING:
            with contextlib.suppress(Exception):
                await message.respond(NOT_REACTED)
            return
        task = asyncio.create_task(self._react(react, message))
        self._reacting.add(task)
        task.add_done_callback(self._reacting.discard)

    async def stop(self) -> None:
        if self._subscription is not None:
            with contextlib.suppress(Exception):
                await self._subscription.unsubscribe()
            self._subscription = None
        if self._reacting:
            await asyncio.wait(list(self._reacting), timeout=REACT_TIMEOUT)

    async def pass_on(self, table_id: str, since: int, until: int) -> bool:
        """Whether the owner of ``table_id`` (another instance) did the reaction."""
        found = self._peers.owner_of(table_id)
        if found is None:
            return False
        body = json.dumps({"table_id": table_id, "since": since, "until": until}).encode()
        try:
            answer = await self._client.request(
                self._subjects.engine_reactions(found), body, timeout=REACT_TIMEOUT
            )
        except Exception as error:
            log.info("table %s: %s did not react (%r); reacting here", table_id, found, error)
            PASSED_ON.labels("reaction", "here").inc()
            return False
        reacted = answer.data == REACTED
        PASSED_ON.labels("reaction", "owner" if reacted else "here").inc()
        return reacted

    async def _react(self, react: React, message: Msg) -> None:
        """Do the reaction ``message`` asks for and say so; anything else (a malformed
        request, a failure) is answered ``NOT_REACTED``: the asking instance reacts."""
        answer = NOT_REACTED
        asked = _reaction(message.data)
        if asked is None:
            log.warning("engine %s: refused a malformed reaction request", self._peers.token)
        else:
            try:
                await react(*asked)
                answer = REACTED
            except Exception:
                log.exception("table %s: the reaction passed on failed", asked[0])
        with contextlib.suppress(Exception):
            await message.respond(answer)


def _reaction(data: bytes) -> tuple[str, int, int] | None:
    """``(table_id, since, until)`` of a reaction request, None when it is not one."""
    body = _object(data)
    if body is None or set(body) != _REACTION_KEYS:
        return None
    table_id, since, until = body["table_id"], body["since"], body["until"]
    if not isinstance(table_id, str) or not _TOKEN.fullmatch(table_id):
        return None
    if not all(type(v) is int and 0 <= v < 2**31 for v in (since, until)) or since > until:
        return None
    return table_id, since, until
