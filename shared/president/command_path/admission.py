"""Bytes in, one reply out: :func:`admit` (cheap, in the subscription's task) parses a
request once or refuses it; :func:`run` answers what it admitted in a command slot.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from president.bus.auth import SERVICE_ROLES
from president.bus.identity import Requester
from president.command_path.limits import RateLimits
from president.contract import ENGINE_COMMAND_IDS, Rejected, RejectionCode, Reply, parse_command
from president.contract.commands import AnyCommand
from president.contract.messages import AI_COMMAND_IDS
from president.game.seats import AI_WORKER_ROLE
from president.runtime.logs import bind_ids, unbind_ids
from president.runtime.metrics import outcome_of, record_command

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
    in a namespace ``requester`` may not use (:func:`reserved_id`).

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
    refused: Rejected | None = None
    if isinstance(command, Rejected):
        refused = command
    elif command.type not in accepts:
        detail = f"{command.type} is not a {kind} command"
        code = RejectionCode.MALFORMED
        refused = Rejected(command_id=command.command_id, code=code, detail=detail)
    elif (reserved := reserved_id(command.command_id, requester)) is not None:
        code = RejectionCode.FORBIDDEN
        refused = Rejected(command_id=command.command_id, code=code, detail=reserved)
    if refused is None:
        assert not isinstance(command, Rejected)
        return command
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
    try:  # lines logged meanwhile carry the ids
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
        if log.isEnabledFor(logging.DEBUG):
            log.debug("%s: %s", command.type, outcome_of(reply))
    finally:
        unbind_ids(ids)
    record_command(kind, command.type, reply, time.perf_counter() - started)
    return reply.model_dump_json().encode()


def reserved_id(command_id: str | None, requester: Requester | None) -> str | None:
    """Why ``requester`` may not send a command under ``command_id`` (None: it may).

    The engine's ids (``timeout:``, ``takeover:``, ``start:``) never come over the bus;
    ``ai:`` ids are the AI workers' (an anonymous sender, on an open server, may use them)."""
    if command_id is None:
        return None
    if command_id.startswith(ENGINE_COMMAND_IDS):
        return f"command ids {'/'.join(ENGINE_COMMAND_IDS)}... are the engine's own"
    ai_id = command_id.startswith(AI_COMMAND_IDS)
    if ai_id and requester is not None and requester.role != AI_WORKER_ROLE:
        return f"command ids {AI_COMMAND_IDS}... are the AI workers' own"
    return None
