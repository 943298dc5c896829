"""Pipelined JetStream publishing on a core NATS connection: a batch out, its acks back on
one subscription (cheaper than nats-py's ``publish_async`` per message)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.js.api import Header
from nats.js.errors import APIError, NoStreamResponseError

_NO_RESPONDERS = "503"


@dataclass(frozen=True)
class Ack:
    """JetStream's answer to one stored message: its sequence, and whether it was dropped
    as a duplicate of a message id the stream already held."""

    seq: int
    duplicate: bool


class BatchFailed(Exception):
    """A message of the batch was refused, or could not be sent (``error`` says which);
    :meth:`AckPipeline.acked` gives the acks that came before."""

    def __init__(self, error: BaseException):
        super().__init__(str(error))
        self.error = error


Message = tuple[str, bytes, dict[str, str]]
"""One message to publish: its subject, payload and headers."""


class AckPipeline:
    """Publishes batches with at most ``window`` messages unacked; one batch at a time."""

    def __init__(self, client: Client, window: int):
        self._client = client
        self._window = max(1, window)
        self._prefix = ""
        self._subscription: Subscription | None = None
        self._batch = 0
        self._acks: list[Ack | None] = []
        self._unacked = 0
        self._failure: BatchFailed | None = None
        self._progress = asyncio.Event()

    async def publish(self, messages: Sequence[Message]) -> list[Ack]:
        """Publish ``messages`` in order and return their acks, in the same order.

        Raises BatchFailed at the first refusal; the caller bounds the wait (a message
        never answered waits forever) and then reads :meth:`acked`."""
        self._batch += 1
        self._acks = [None] * len(messages)
        self._unacked = 0
        self._failure = None
        try:
            if self._subscription is None:
                self._prefix = self._client.new_inbox() + "."
                self._subscription = await self._client.subscribe(
                    self._prefix + ">", cb=self._acked
                )
            reply = f"{self._prefix}{self._batch}."
            for index, (subject, payload, headers) in enumerate(messages):
                if self._unacked >= self._window:
                    await self._settled(self._window - 1)
                self._unacked += 1
                await self._client.publish(
                    subject, payload, reply=f"{reply}{index}", headers=headers
                )
            await self._settled(0)
        except nats.errors.Error as error:
            raise BatchFailed(error) from error
        finally:
            self._batch += 1  # answers still on their way belong to no batch
        return [ack for ack in self._acks if ack is not None]

    async def _settled(self, unacked: int) -> None:
        """Wait until at most ``unacked`` messages are unanswered; raise a failure."""
        while True:
            if self._failure is not None:
                raise self._failure
            if self._unacked <= unacked:
                return
            self._progress.clear()
            await self._progress.wait()

    def acked(self) -> list[Ack]:
        """The acks of the last batch's leading messages, up to the first not acked."""
        first = next((i for i, ack in enumerate(self._acks) if ack is None), len(self._acks))
        return [ack for ack in self._acks[:first] if ack is not None]

    async def _acked(self, msg: Msg) -> None:
        batch, _, index = msg.subject[len(self._prefix) :].partition(".")
        if batch != str(self._batch) or self._failure is not None:
            return  # an answer to a batch that has ended
        position = int(index)
        if self._acks[position] is not None:
            return
        try:
            ack = _ack_of(msg)
        except (nats.errors.Error, ValueError, KeyError, TypeError) as error:
            self._failure = BatchFailed(error)
        else:
            self._acks[position] = ack
            self._unacked -= 1
        self._progress.set()


def _ack_of(msg: Msg) -> Ack:
    """The ack in a reply; raises the error it carries instead."""
    status = msg.headers.get(Header.STATUS) if msg.headers else None
    if status == _NO_RESPONDERS:
        raise NoStreamResponseError
    if status:
        raise nats.errors.Error(f"JetStream answered a publish with status {status}")
    response = json.loads(msg.data)
    if "error" in response:
        raise APIError.from_error(response["error"])
    return Ack(seq=int(response["seq"]), duplicate=bool(response.get("duplicate", False)))
