"""The NATS adapter of game commands: bytes in, one reply out, whatever happens."""

from __future__ import annotations

from president.commands import answer
from president.contract import GAME_COMMANDS, GameWrite, GetView, Reply

from services.engine.application import Engine


async def handle_request(engine: Engine, subject: str, raw: bytes) -> bytes:
    """The JSON reply to the request ``raw`` sent to ``subject`` (never raises)."""

    async def handle(command: GameWrite | GetView) -> Reply:
        if isinstance(command, GetView):
            return await engine.view(command)
        return await engine.handle(command)

    return await answer(subject, raw, handle, accepts=GAME_COMMANDS, kind="game", service="engine")
