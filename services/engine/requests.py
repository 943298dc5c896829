"""The NATS adapter of game commands: bytes in, one reply out, whatever happens
(:func:`admit_request` in the subscription's task, :func:`run_request` in a slot)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from president.bus.command_server import CommandServer
from president.bus.identity import Requester
from president.command_path import BUSY, RateLimits, admit, run
from president.contract import GAME_COMMANDS, GameWrite, GetView

from services.engine.use_cases import Engine

Command = GameWrite | GetView
QUEUE_GROUP = "engine"


def admit_request(
    subject: str,
    raw: bytes,
    requester: Requester | None = None,
    limits: RateLimits | None = None,
) -> Command | bytes:
    """The game command of a request, or the encoded reply refusing it (never raises)."""
    command: Any = admit(
        subject, raw, accepts=GAME_COMMANDS, kind="game", requester=requester, limits=limits
    )
    return command  # type: ignore[no-any-return]


async def run_request(
    engine: Engine, subject: str, command: Command, requester: Requester | None = None
) -> bytes:
    """The encoded reply of an admitted game command (never raises)."""
    answer: Any = engine.view if isinstance(command, GetView) else engine.handle
    handle = functools.partial(answer, requester=requester)
    return await run(subject, command, handle, kind="game", service="engine")


async def handle_request(
    engine: Engine,
    subject: str,
    raw: bytes,
    requester: Requester | None = None,
    limits: RateLimits | None = None,
) -> bytes:
    """The JSON reply to the request ``raw`` sent to ``subject`` (never raises)."""
    command = admit_request(subject, raw, requester, limits)
    if isinstance(command, bytes):
        return command
    return await run_request(engine, subject, command, requester)


def command_server(
    client: Client,
    subject: str | Sequence[str],
    engine: Engine,
    limits: RateLimits,
    max_workers: int,
) -> CommandServer:
    """The game-command subscriber (queue group ``engine``) on the command account's
    connection: admission (size, rate, parse) before a command takes a slot, then the
    command path. ``subject``: the subjects taken at start (more with ``subscribe``)."""

    def admit(message: Msg, requester: Requester | None) -> object:
        return admit_request(message.subject, message.data, requester, limits)

    async def answer(message: Msg, command: Any, requester: Requester | None) -> bytes:
        return await run_request(engine, message.subject, command, requester)

    return CommandServer(
        client,
        subject,
        QUEUE_GROUP,
        admit,
        answer,
        max_workers=max_workers,
        service="engine",
        busy=BUSY,
    )
