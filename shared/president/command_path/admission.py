"""Bytes in, one reply out: :func:`admit` (cheap, in the subscription's task) parses a
request once or refuses it, within its sender's rate (:class:`RateLimits`); :func:`run`
answers what it admitted in a command slot; each answer is counted (``president_commands``).
"""

from __future__ import annotations

import functools
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import Any

from prometheus_client import Counter, Histogram

from president.bus.auth import SERVICE_ROLES
from president.bus.identity import Requester
from president.contract import (
    ENGINE_COMMAND_IDS,
    Accepted,
    Rejected,
    RejectionCode,
    Reply,
    parse_command,
)
from president.contract.commands import AnyCommand
from president.contract.messages import AI_COMMAND_IDS
from president.game.seats import AI_WORKER_ROLE
from president.runtime.logs import bind_ids, unbind_ids
from president.runtime.metrics import COMMAND_SECONDS, COMMANDS

log = logging.getLogger(__name__)

_RATE_LIMITED_REPLY = Rejected(
    command_id=None,
    code=RejectionCode.RATE_LIMITED,
    detail="too many commands from this identity; slow down and resend",
)
_RATE_LIMITED = _RATE_LIMITED_REPLY.model_dump_json().encode()
BUSY = (
    Rejected(
        command_id=None,
        code=RejectionCode.RATE_LIMITED,
        detail="too many commands from this identity are waiting; slow down and resend",
    )
    .model_dump_json()
    .encode()
)
"""The reply to a command admitted while its sender already has the most commands waiting
for a slot (``president.bus.command_server.CommandServer``), or still waiting at shutdown."""
_UNREAD = "Rejected"
"""The ``type`` label of a command refused before it was read (as ``parse_command`` says)."""


def admit(
    subject: str,
    raw: bytes,
    requester: Requester | None = None,
    *,
    accepts: Collection[str],
    kind: str,
    limits: RateLimits | None = None,
) -> AnyCommand | bytes:
    """The command ``raw`` on ``subject`` holds, or the encoded reply refusing it (never
    raises): ``RATE_LIMITED`` (unread) when ``requester`` is over its rate, else what
    :func:`president.contract.parse_command` refuses, ``MALFORMED`` when its type is
    not one of ``accepts`` (it is not a ``kind`` command), or ``FORBIDDEN`` when its id is
    in a namespace ``requester`` may not use: the engine's ids (``timeout:``,
    ``takeover:``, ``start:``) never come over the bus; ``ai:`` ids are the AI workers'
    (an anonymous sender, on an open server, may use them).

    Only client identities have a rate: not the services' own, nor the anonymous
    requests of an open server (one shared bucket would hold the whole backend, AI
    workers included, to one client's rate)."""
    if (
        limits is not None
        and requester is not None
        and requester.role not in SERVICE_ROLES
        and not limits.allow(requester.user)
    ):
        record_command(kind, _UNREAD, _RATE_LIMITED_REPLY, 0.0)
        return _RATE_LIMITED
    started = time.perf_counter()
    command = parse_command(subject, raw)
    if isinstance(command, Rejected):
        refused = command
    else:
        command_id = command.command_id or ""
        if command.type not in accepts:
            code, detail = RejectionCode.MALFORMED, f"{command.type} is not a {kind} command"
        elif command_id.startswith(ENGINE_COMMAND_IDS):
            ids = "/".join(ENGINE_COMMAND_IDS)
            code, detail = RejectionCode.FORBIDDEN, f"command ids {ids}... are the engine's own"
        elif (
            command_id.startswith(AI_COMMAND_IDS)
            and requester is not None
            and requester.role != AI_WORKER_ROLE
        ):
            detail = f"command ids {AI_COMMAND_IDS}... are the AI workers' own"
            code = RejectionCode.FORBIDDEN
        else:
            return command
        refused = Rejected(command_id=command.command_id, code=code, detail=detail)
    record_command(kind, _UNREAD, refused, time.perf_counter() - started)
    return refused.model_dump_json().encode()


async def run(
    subject: str,
    command: Any,
    requester: Requester | None = None,
    *,
    handle: Callable[[Any, Requester | None], Awaitable[Reply]],
    kind: str,
    service: str,
) -> bytes:
    """The encoded reply of ``handle(command, requester)``; a failure of ``handle`` is
    INTERNAL_ERROR (the command is well formed: a resend may succeed once the fault is
    gone)."""
    started = time.perf_counter()
    command_id = getattr(command, "command_id", None)
    table_id = getattr(command, "table_id", None)
    # Lines logged meanwhile carry the correlation id the written events get: the table
    # id for a game command, the command id for a table command.
    correlation_id = table_id if kind == "game" else command_id
    ids = bind_ids(table_id=table_id, command_id=command_id, correlation_id=correlation_id)
    try:  # lines logged meanwhile carry the ids, the outcome's among them
        try:
            reply = await handle(command, requester)
        except Exception:
            log.exception("%s: command %s on %s failed", service, command_id, subject)
            reply = Rejected(
                command_id=command_id,
                code=RejectionCode.INTERNAL_ERROR,
                detail=f"the {service} failed on this command (logged) and may or may not"
                " have applied it; resending the same command_id answers which, once it"
                " recovers",
            )
        record_command(kind, command.type, reply, time.perf_counter() - started)
    finally:
        unbind_ids(ids)
    return reply.model_dump_json().encode()


def record_command(kind: str, command_type: str, reply: Reply, seconds: float) -> None:
    """Count one answered command and its latency, by its outcome: ``accepted``,
    ``duplicate``, the rejection code, or ``answered`` for a query (the labelled children
    are looked up once, not on every command)."""
    if isinstance(reply, Accepted):
        outcome = "duplicate" if reply.duplicate else "accepted"
    elif isinstance(reply, Rejected):
        outcome = reply.code.value
    else:
        outcome = "answered"
    _command_counter(kind, command_type, outcome).inc()
    _command_timer(kind, command_type, outcome).observe(seconds)
    if log.isEnabledFor(logging.DEBUG):
        log.debug("%s: %s", command_type, outcome)


@functools.cache
def _command_counter(kind: str, command_type: str, outcome: str) -> Counter:
    return COMMANDS.labels(kind, command_type, outcome)


@functools.cache
def _command_timer(kind: str, command_type: str, outcome: str) -> Histogram:
    return COMMAND_SECONDS.labels(kind, command_type, outcome)


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimits:
    """Token buckets keyed by requester (the ``max_identities`` most recent are kept)."""

    def __init__(
        self,
        rate: float,
        burst: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_identities: int = 10_000,
    ):
        self.rate = rate
        self.burst = float(burst)
        self._clock = clock
        self._max = max_identities
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        """Whether ``key`` (a client identity, a browser's key) may send one more now
        (takes its token if so)."""
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(self.burst, now)
            if len(self._buckets) > self._max:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True
