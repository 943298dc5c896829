"""Pipelined JetStream publishing on a core NATS connection: a batch out, its acks back on
one inline subscription (cheaper than nats-py's ``publish_async``, a future per message)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

import nats
import orjson
from nats.aio.subscription import Subscription
from nats.js.api import Header
from nats.js.errors import APIError, NoStreamResponseError

from president.bus.quick_client import QuickClient

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
"""One message to publish: its subject, payload and headers (``Nats-Expected-Stream``
among them where the stream is to be checked, as ``publish_async(stream=)`` sets it)."""


@dataclass
class _Batch:
    acks: list[Ack | None]
    unacked: int = 0
    failure: BatchFailed | None = None
    progress: asyncio.Event = field(default_factory=asyncio.Event)

    def leading(self) -> list[Ack]:
        """The acks up to the first message not acked."""
        first = next((i for i, ack in enumerate(self.acks) if ack is None), len(self.acks))
        return [ack for ack in self.acks[:first] if ack is not None]


class AckPipeline:
    """Publishes batches with at most ``window`` messages of each unacked; batches of
    concurrent callers go out side by side, each with its own acks."""

    def __init__(self, client: QuickClient, window: int):
        self._client = client
        self._window = max(1, window)
        self._prefix = ""
        self._subscription: Subscription | None = None
        self._subscribing = asyncio.Lock()
        self._numbers = itertools.count(1)
        self._batches: dict[str, _Batch] = {}
        self._last: list[Ack] = []

    async def publish(self, messages: Sequence[Message]) -> list[Ack]:
        """Publish ``messages`` in order and return their acks, in the same order.

        Raises BatchFailed at the first refusal; the caller bounds the wait (a message
        never answered waits forever) and then reads :meth:`acked`."""
        key = str(next(self._numbers))
        batch = self._batches[key] = _Batch([None] * len(messages))
        try:
            if self._subscription is None:
                await self._subscribe()
            reply = f"{self._prefix}{key}."
            for index, (subject, payload, headers) in enumerate(messages):
                if batch.unacked >= self._window:
                    await _settled(batch, self._window - 1)
                batch.unacked += 1
                await self._client.publish(
                    subject, payload, reply=f"{reply}{index}", headers=headers
                )
            await _settled(batch, 0)
        except nats.errors.Error as error:
            raise BatchFailed(error) from error
        finally:
            del self._batches[key]  # answers still on their way belong to no batch
            self._last = batch.leading()
        return [ack for ack in batch.acks if ack is not None]

    def acked(self) -> list[Ack]:
        """The acks of the last batch ended, up to its first message not acked."""
        return self._last

    async def _subscribe(self) -> None:
        async with self._subscribing:
            if self._subscription is None:
                self._prefix = self._client.new_inbox() + "."
                self._subscription = await self._client.subscribe_inline(
                    self._prefix + ">", self._acked
                )

    def _acked(self, subject: str, data: bytes, headers: dict[str, str] | None) -> None:
        key, _, index = subject[len(self._prefix) :].partition(".")
        batch = self._batches.get(key)
        if batch is None or batch.failure is not None:
            return  # an answer to a batch that has ended
        position = int(index) if index.isdecimal() else len(batch.acks)
        if position >= len(batch.acks) or batch.acks[position] is not None:
            return  # not an answer to this batch's messages, or a repeat
        try:
            ack = _ack_of(data, headers)
        except (nats.errors.Error, ValueError, KeyError, TypeError) as error:
            batch.failure = BatchFailed(error)
        else:
            batch.acks[position] = ack
            batch.unacked -= 1
        batch.progress.set()


async def _settled(batch: _Batch, unacked: int) -> None:
    """Wait until at most ``unacked`` messages of ``batch`` are unanswered; raise its
    failure."""
    while True:
        if batch.failure is not None:
            raise batch.failure
        if batch.unacked <= unacked:
            return
        batch.progress.clear()
        await batch.progress.wait()


def _ack_of(data: bytes, headers: dict[str, str] | None) -> Ack:
    """The ack in a reply; raises the error it carries instead."""
    status = headers.get(Header.STATUS) if headers else None
    if status == _NO_RESPONDERS:
        raise NoStreamResponseError
    if status:
        raise nats.errors.Error(f"JetStream answered a publish with status {status}")
    response = orjson.loads(data)
    if "error" in response:
        raise APIError.from_error(response["error"])
    return Ack(seq=int(response["seq"]), duplicate=bool(response.get("duplicate", False)))
