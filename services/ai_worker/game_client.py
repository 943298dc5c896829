"""The AI worker's way to the engine: a game command by NATS request-reply."""

from __future__ import annotations

import nats.errors
from nats.aio.client import Client
from president.client.client import request_resending
from president.contract import GameAction, GetView, Reply, Subjects, parse_reply

from services.ai_worker.worker import Unanswered

RESEND_AFTER = 1.5
"""Seconds a command waits for its answer before it is sent again (its engine may have
died with it: the partition's new owner answers the resend)."""


class NatsGameClient:
    """Sends commands on ``{prefix}.cmd.game.<table_id>`` and parses the replies, sent
    again while nobody answers, for ``timeout`` seconds in all."""

    def __init__(self, client: Client, subjects: Subjects, timeout: float):
        self._client = client
        self._subjects = subjects
        self._timeout = timeout

    async def submit(self, command: GameAction | GetView) -> Reply:
        """A command's reply, or a ``GetView``'s (the view of the seat its token is for)."""
        subject = self._subjects.game_command(command.table_id)
        try:
            message = await request_resending(
                self._client,
                subject,
                encoded(command),
                each=min(RESEND_AFTER, self._timeout),
                within=self._timeout,
            )
        except (nats.errors.TimeoutError, nats.errors.NoRespondersError) as error:
            raise Unanswered(type(error).__name__) from error
        return parse_reply(message.data)


def encoded(command: GameAction | GetView) -> bytes:
    """``command.model_dump_json().encode()``'s bytes, from the model's serializer at once
    (no JSON text decoded to ``str`` and encoded back per command)."""
    return command.__pydantic_serializer__.to_json(command)
