"""Bytes in, one reply out: the parse and reply ends of a service's command cycle."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from president.contract import Rejected, RejectionCode, Reply, parse_command

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
    command = parse_command(subject, raw)
    command_id = getattr(command, "command_id", None)
    reply: Reply
    if isinstance(command, Rejected):
        reply = command
    elif command.type not in accepts:
        detail = f"{command.type} is not a {kind} command"
        reply = Rejected(command_id=command_id, code=RejectionCode.MALFORMED, detail=detail)
    else:
        try:
            reply = await handle(command)
        except Exception:
            log.exception("%s: command %s on %s failed", service, command_id, subject)
            reply = Rejected(
                command_id=command_id,
                code=RejectionCode.INTERNAL_ERROR,
                detail=f"the {service} failed; resend with the same command_id",
            )
    return reply.model_dump_json().encode()
