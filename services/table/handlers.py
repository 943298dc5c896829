"""The table service's NATS side: one subscriber for every table command and lobby query.

Thin on purpose: parse the request into a typed command (MALFORMED otherwise), hand it
to the application, send the reply. Every request gets exactly one reply.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from faststream.nats import NatsMessage, NatsRouter
from president.commands import answer as answer_command
from president.contract import TABLE_COMMANDS, Reply, Subjects, TableCommand

log = logging.getLogger(__name__)

QUEUE_GROUP = "president-table"
Handle = Callable[[TableCommand], Awaitable[Reply]]


async def answer(subject: str, raw: bytes, handle: Handle) -> bytes:
    """The encoded reply to one request (never raises)."""
    return await answer_command(
        subject, raw, handle, accepts=TABLE_COMMANDS, kind="table", service="table service"
    )


def table_router(subjects: Subjects, handle: Handle, *, concurrency: int) -> NatsRouter:
    """The subscriber of ``{prefix}.cmd.table.*`` in the table services' queue group."""
    router = NatsRouter()

    @router.subscriber(subjects.table_commands, queue=QUEUE_GROUP, max_workers=concurrency)
    async def on_table_command(msg: NatsMessage) -> bytes:
        raw = msg.raw_message
        return await answer(raw.subject, raw.data, handle)

    return router
