"""The NATS adapter of game commands: bytes in, one reply out, whatever happens."""

from __future__ import annotations

import logging

from president.contract import (
    Accepted,
    GetView,
    Pass,
    PlayCards,
    Rejected,
    RejectionCode,
    ReturnCards,
    ViewReply,
    parse_command,
)

from services.engine.application import Engine

log = logging.getLogger(__name__)


async def handle_request(engine: Engine, subject: str, raw: bytes) -> bytes:
    """The JSON reply to the request ``raw`` sent to ``subject`` (never raises)."""
    command = parse_command(subject, raw)
    reply: Accepted | Rejected | ViewReply
    try:
        if isinstance(command, Rejected):
            reply = command
        elif isinstance(command, GetView):
            reply = await engine.view(command)
        elif isinstance(command, PlayCards | Pass | ReturnCards):
            reply = await engine.handle(command)
        else:
            reply = Rejected(
                command_id=getattr(command, "command_id", None),
                code=RejectionCode.MALFORMED,
                detail=f"{command.type} is not a game command",
            )
    except Exception:
        log.exception("engine: command on %s failed", subject)
        reply = Rejected(
            command_id=getattr(command, "command_id", None),
            code=RejectionCode.INTERNAL_ERROR,
            detail="the engine failed; resend with the same command_id",
        )
    return reply.model_dump_json().encode()
