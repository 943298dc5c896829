"""The table service's NATS side: one subscriber for every table command and lobby query.

Thin on purpose: parse the request into a typed command (MALFORMED otherwise), hand it
to the application, send the reply. Every request gets exactly one reply.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from faststream.nats import NatsMessage, NatsRouter
from president.bus.identity import Requester, requester_of
from president.commands import RateLimits
from president.commands import answer as answer_command
from president.contract import TABLE_COMMANDS, Reply, Subjects, TableCommand

log = logging.getLogger(__name__)

QUEUE_GROUP = "president-table"
Handle = Callable[[TableCommand, Requester | None], Awaitable[Reply]]


async def answer(
    subject: str,
    raw: bytes,
    handle: Handle,
    requester: Requester | None = None,
    limits: RateLimits | None = None,
) -> bytes:
    """The encoded reply to one request of ``requester`` (never raises); over its rate
    (``limits``) it is ``RATE_LIMITED``, unread."""

    async def handle_from(command: TableCommand) -> Reply:
        return await handle(command, requester)

    return await answer_command(
        subject,
        raw,
        handle_from,
        accepts=TABLE_COMMANDS,
        kind="table",
        service="table service",
        requester=requester,
        limits=limits,
    )


def table_router(
    subjects: Subjects, handle: Handle, *, concurrency: int, limits: RateLimits | None = None
) -> NatsRouter:
    """The subscriber of ``{prefix}.cmd.table.*`` in the table services' queue group."""
    router = NatsRouter()

    @router.subscriber(subjects.table_commands, queue=QUEUE_GROUP, max_workers=concurrency)
    async def on_table_command(msg: NatsMessage) -> bytes:
        raw = msg.raw_message
        return await answer(raw.subject, raw.data, handle, requester_of(raw.reply), limits)

    return router
