"""The table service's NATS side: every table command and lobby query, one reply each
(admission in the subscription's own task, the rest in a command slot)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from president.bus.command_server import CommandServer
from president.bus.identity import Requester
from president.command_path import BUSY, RateLimits, admit, run
from president.contract import TABLE_COMMANDS, Reply, Subjects, TableCommand

QUEUE_GROUP = "president-table"
Handle = Callable[[TableCommand, Requester | None], Awaitable[Reply]]


def table_server(
    client: Client,
    subjects: Subjects,
    handle: Handle,
    *,
    concurrency: int,
    limits: RateLimits | None = None,
) -> CommandServer:
    """The subscriber of ``{prefix}.cmd.table.*`` in the table services' queue group
    (``client``: the identity ``table``, in the command account)."""

    def admitted(message: Msg, requester: Requester | None) -> Any:
        return admit(
            message.subject,
            message.data,
            accepts=TABLE_COMMANDS,
            kind="table",
            requester=requester,
            limits=limits,
        )

    async def answer(message: Msg, command: Any, requester: Requester | None) -> bytes:
        async def handle_from(command: TableCommand) -> Reply:
            return await handle(command, requester)

        return await run(
            message.subject, command, handle_from, kind="table", service="table service"
        )

    return CommandServer(
        client,
        subjects.table_commands,
        QUEUE_GROUP,
        admitted,
        answer,
        max_workers=concurrency,
        service="table service",
        busy=BUSY,
    )
