"""The JetStream side of the relay: the stream it fills and pipelined, acked publishing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from nats.js import JetStreamContext
from nats.js.api import Header
from nats.js.errors import NotFoundError
from president.bus.acks import Ack, AckPipeline, BatchFailed, Message
from president.bus.connect import NatsCredentials, connect
from president.bus.quick_client import QuickClient
from president.bus.streams import StreamSpec, ensure_stream
from president.contract.headers import EXPECTED_LAST_SEQ

from services.relay.envelope import Envelope, Mark, mark_of, size_of, withheld

log = logging.getLogger(__name__)

__all__ = ["EXPECTED_LAST_SEQ", "JetStreamPublisher", "PublishFailed", "StreamSpec"]


class PublishFailed(Exception):
    """A message was not acknowledged by JetStream; nothing after it may be trusted.

    ``position``: the log position of the first message that failed, when known;
    ``fenced``: the stream did not end where this publisher expected (someone else
    stored a message: a new session mends that, it says nothing about the event);
    ``stored``: the last message of the batch stored before the failure, if any (what the
    next session resumes after)."""

    def __init__(
        self,
        message: str,
        position: int | None = None,
        *,
        fenced: bool = False,
        stored: Envelope | None = None,
    ):
        super().__init__(message)
        self.position = position
        self.fenced = fenced
        self.stored = stored


TOO_LARGE = "too-large"
"""Why a message is withheld: it exceeds the server's ``max_payload``."""


class JetStreamPublisher:
    """One NATS connection, never reconnected: a broken one is dropped whole. With a
    second identity in the command account (``publish_credentials``), a second such
    connection publishes the messages (the browsers' seats hear that account alone; the
    first keeps the stream: info, create, stored messages); the session ends when either
    is lost.

    nats-py resends its buffer after a reconnect, which could store later
    messages while earlier ones were lost in the broken socket; a relay that
    instead starts over from its checkpoint keeps JetStream a prefix of the log.
    So this is the one connection that does not take ``president.bus.connect``'s
    reconnection: the relay's session loop is its reconnection (a new connection
    to any server of the list, after a capped, jittered, doubling wait, for as long
    as it takes), and :meth:`check` notices a lost connection while idle.

    Fenced once :meth:`last_mark` has read where the stream ends: every message
    then says which sequence the stream must end at (``Nats-Expected-Last-Sequence``),
    so a message stored by anyone else since (a relay that took over while this one
    had not noticed losing its lock) makes this publisher's next message, and all
    after it, fail instead of landing out of order.
    """

    def __init__(
        self,
        client: QuickClient,
        spec: StreamSpec,
        ack_timeout: float,
        max_in_flight: int,
        publisher: QuickClient | None = None,
    ):
        self._client = client
        self._publisher = publisher or client
        self._js: JetStreamContext = client.jetstream()
        self._pipeline = AckPipeline(self._publisher, max_in_flight)
        self._spec = spec
        self._ack_timeout = ack_timeout
        self._last_seq: int | None = None  # where the stream ends, once fenced
        self.withheld: list[Envelope] = []
        """Every message this publisher replaced by its withheld reference (acked)."""

    @property
    def max_payload(self) -> int:
        """The largest message the server takes (its ``max_payload``, told at connect)."""
        return int(self._publisher.max_payload)

    def _substituted(
        self, envelopes: Sequence[Envelope], withhold: Mapping[int, str]
    ) -> tuple[list[Envelope], list[Envelope]]:
        """``envelopes`` with those the server cannot take (too large, or their event in
        ``withhold``) replaced by references; and the replacements."""
        limit, out, replaced = self.max_payload, [], []
        for envelope in envelopes:
            reason = withhold.get(envelope.position)
            if reason is None and size_of(envelope) > limit:
                reason = TOO_LARGE
            if reason is not None:
                envelope = withheld(envelope, reason)
                replaced.append(envelope)
            out.append(envelope)
        return out, replaced

    @classmethod
    async def connect(
        cls,
        nats_url: str,
        spec: StreamSpec,
        *,
        ack_timeout: float = 10.0,
        max_in_flight: int = 1000,
        credentials: NatsCredentials | None = None,
        publish_credentials: NatsCredentials | None = None,
    ) -> JetStreamPublisher:
        options: dict[str, Any] = {"allow_reconnect": False, "connect_timeout": 5}
        client = await connect(nats_url, "president-relay", credentials, **options)
        if publish_credentials is None:
            return cls(client, spec, ack_timeout, max_in_flight)
        name = "president-relay-commands"
        try:
            publisher = await connect(nats_url, name, publish_credentials, **options)
        except BaseException:
            await client.close()
            raise
        return cls(client, spec, ack_timeout, max_in_flight, publisher)

    async def close(self) -> None:
        for client in dict.fromkeys((self._publisher, self._client)):
            if not client.is_closed:
                await client.close()

    def check(self) -> None:
        """Raise ConnectionError when a connection is gone (the session then ends)."""
        if not (self._client.is_connected and self._publisher.is_connected):
            raise ConnectionError("the NATS connection is lost")

    async def ensure_stream(self) -> None:
        """Create the stream, or bring it to the spec and add the subjects it lacks (its
        messages stay); StreamMismatch when it cannot (``president.bus.streams``)."""
        await ensure_stream(self._js, self._spec, add_subjects=True)

    async def last_mark(self) -> Mark | None:
        """The mark of the last message stored in the stream, None when there is none.

        From here on, publishing is fenced: it continues this stream's end or fails.
        """
        info = await self._js.stream_info(self._spec.name)
        self._last_seq = info.state.last_seq or 0
        if not info.state.last_seq:
            return None
        try:
            message = await self._js.get_msg(self._spec.name, seq=info.state.last_seq)
        except NotFoundError:
            return None
        return mark_of(message.headers)

    async def publish(
        self, envelopes: Sequence[Envelope], withhold: Mapping[int, str] | None = None
    ) -> None:
        """Publish in order, at most ``max_in_flight`` unacked; return once all are acked.

        A message larger than the server's ``max_payload``, and every message of an event
        whose position is in ``withhold`` (position -> reason), is replaced in its place by
        its withheld reference (``envelope.withheld``): logged as an error and counted in
        :attr:`withheld` once acked.

        Raises PublishFailed when any message is refused (a fenced publisher's stream
        grew behind its back, among others), or the whole batch is not acked within
        ``ack_timeout``.
        """
        envelopes, replaced = self._substituted(envelopes, withhold or {})
        messages: list[Message] = []
        expected, stream = self._last_seq, self._spec.name
        for envelope in envelopes:
            headers = dict(envelope.headers)
            if expected is not None:
                headers[EXPECTED_LAST_SEQ] = str(expected)
                expected += 1
            headers[Header.EXPECTED_STREAM] = stream  # where publish_async(stream=) put it
            messages.append((envelope.subject, envelope.payload, headers))
        try:
            async with asyncio.timeout(self._ack_timeout):
                acked = await self._pipeline.publish(messages)
        except (BatchFailed, TimeoutError) as failure:
            error = failure.error if isinstance(failure, BatchFailed) else failure
            acked = self._pipeline.acked()
            failed = envelopes[len(acked)].position if len(acked) < len(envelopes) else None
            raise PublishFailed(
                f"{type(error).__name__}: {error}",
                failed,
                fenced="wrong last sequence" in str(error).lower(),
                stored=self._stored(envelopes, acked),
            ) from error
        for envelope in replaced:
            log.error(
                "relay: WITHHELD an event message on %s (it stays in the log; a reference"
                " stands in its place): %s",
                envelope.subject,
                envelope.payload.decode(),
            )
        self.withheld.extend(replaced)
        if self._last_seq is None or not acked:
            return
        dropped = [e.msg_id for e, ack in zip(envelopes, acked, strict=True) if ack.duplicate]
        if dropped:
            # Fenced, a duplicate is not stored where this publisher counted on: the stream
            # still knows the id (its duplicate window outlives a purge), and the sequence
            # expected next is wrong from here on.
            raise PublishFailed(
                f"dropped as duplicates by the stream: {dropped[:3]}",
                stored=self._stored(envelopes, acked),
            )
        self._last_seq = acked[-1].seq

    def _stored(self, envelopes: Sequence[Envelope], acked: Sequence[Ack]) -> Envelope | None:
        """The last of the leading ``envelopes`` that the stream stored, as ``acked`` says
        (fenced, a message dropped as a duplicate is not stored where it was expected)."""
        stored = None
        for envelope, ack in zip(envelopes, acked, strict=False):
            if ack.duplicate and self._last_seq is not None:
                break
            stored = envelope
        return stored
