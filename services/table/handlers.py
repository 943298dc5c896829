"""The table service's NATS side: every table command and lobby query, one reply each
(admission in the subscription's own task, the rest in a command slot)."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable

from nats.aio.client import Client
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

    return CommandServer(
        client,
        subjects.table_commands,
        QUEUE_GROUP,
        functools.partial(admit, accepts=TABLE_COMMANDS, kind="table", limits=limits),
        functools.partial(run, handle=handle, kind="table", service="table service"),
        max_workers=concurrency,
        service="table service",
        busy=BUSY,
    )
