"""The table service's NATS side: one subscriber for every table command and lobby query.

Thin on purpose: parse the request into a typed command (MALFORMED otherwise), hand it
to the application, send the reply. Every request gets exactly one reply.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from faststream.nats import NatsMessage, NatsRouter
from president.contract import (
    TABLE_COMMANDS,
    Rejected,
    RejectionCode,
    Reply,
    Subjects,
    TableCommand,
    parse_command,
)

log = logging.getLogger(__name__)

QUEUE_GROUP = "president-table"
Handle = Callable[[TableCommand], Awaitable[Reply]]


async def answer(subject: str, raw: bytes, handle: Handle) -> bytes:
    """The encoded reply to one request (never raises)."""
    command = parse_command(subject, raw)
    if isinstance(command, Rejected):
        return _encode(command)
    if type(command).__name__ not in TABLE_COMMANDS:
        return _encode(
            Rejected(
                command_id=getattr(command, "command_id", None),
                code=RejectionCode.MALFORMED,
                detail=f"{type(command).__name__} is not a table command",
            )
        )
    try:
        reply = await handle(command)  # type: ignore[arg-type]
    except Exception:
        log.exception("table command %s failed", getattr(command, "command_id", None))
        reply = Rejected(
            command_id=getattr(command, "command_id", None),
            code=RejectionCode.INTERNAL_ERROR,
            detail="the table service failed; resend with the same command id",
        )
    return _encode(reply)


def _encode(reply: Reply) -> bytes:
    return reply.model_dump_json().encode()


def table_router(subjects: Subjects, handle: Handle, *, concurrency: int) -> NatsRouter:
    """The subscriber of ``{prefix}.cmd.table.*`` in the table services' queue group."""
    router = NatsRouter()

    @router.subscriber(subjects.table_commands, queue=QUEUE_GROUP, max_workers=concurrency)
    async def on_table_command(msg: NatsMessage) -> bytes:
        raw = msg.raw_message
        return await answer(raw.subject, raw.data, handle)

    return router
