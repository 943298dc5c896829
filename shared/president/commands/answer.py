"""Bytes in, one reply out: the parse and reply ends of a service's command cycle."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from president.contract import AnyCommand, Rejected, RejectionCode, Reply, parse_command
from president.runtime.logs import log_context
from president.runtime.metrics import outcome_of, record_command

log = logging.getLogger(__name__)


async def answer(
    subject: str,
    raw: bytes,
    handle: Callable[[Any], Awaitable[Reply]],
    *,
    accepts: Collection[str],
    kind: str,
    service: str,
) -> bytes:
    """The encoded reply to the request ``raw`` sent to ``subject`` (never raises).

    The request is parsed into a typed command (MALFORMED otherwise, or when its type is
    not one of ``accepts``: it is not a ``kind`` command) and handed to ``handle``; a
    failure of ``handle`` is INTERNAL_ERROR, to be resent with the same command id.
    """
    started = time.perf_counter()
    command = parse_command(subject, raw)
    command_id = getattr(command, "command_id", None)
    table_id = getattr(command, "table_id", None)
    # Lines logged meanwhile carry the correlation id the written events get: the table
    # id for a game command, the command id for a table command.
    correlation_id = table_id if kind == "game" else command_id
    with log_context(table_id=table_id, command_id=command_id, correlation_id=correlation_id):
        reply = await _reply(subject, command, handle, accepts=accepts, kind=kind, service=service)
        log.debug("%s: %s", command.type, outcome_of(reply))
    record_command(kind, command.type, reply, time.perf_counter() - started)
    return reply.model_dump_json().encode()


async def _reply(
    subject: str,
    command: AnyCommand | Rejected,
    handle: Callable[[Any], Awaitable[Reply]],
    *,
    accepts: Collection[str],
    kind: str,
    service: str,
) -> Reply:
    command_id = getattr(command, "command_id", None)
    if isinstance(command, Rejected):
        return command
    if command.type not in accepts:
        detail = f"{command.type} is not a {kind} command"
        return Rejected(command_id=command_id, code=RejectionCode.MALFORMED, detail=detail)
    try:
        return await handle(command)
    except Exception:
        log.exception("%s: command %s on %s failed", service, command_id, subject)
        return Rejected(
            command_id=command_id,
            code=RejectionCode.INTERNAL_ERROR,
            detail=f"the {service} failed; resend with the same command_id",
        )
