"""Pull requests kept open on a durable JetStream consumer (nats-py 2.16 has no
``consume``): messages come as the stream has them, with no request and no empty answer
per batch as ``fetch`` makes (a no-wait request, its 404, often a second request)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable

import nats.errors
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

log = logging.getLogger(__name__)

ENDED = ("404", "408")
"""A request that ran out (no messages left, or expired): renewed, nothing wrong."""


class OpenPulls:
    """Keeps pull requests open for ``capacity`` messages less those in hand.

    ``deliver`` gets each message (the caller calls :meth:`done` once it is acked or
    handed back). A request lasts ``expires`` s and has an idle heartbeat every
    ``heartbeat`` s; after ``silence`` heartbeats with nothing at all, the requests are
    taken as lost (a reconnect, a leader change) and asked again. A request that ended
    (expired, a conflict) is renewed at once, for what it still held (its
    ``Nats-Pending-Messages`` count). An answer that the consumer is gone (409 Consumer
    Deleted, 503 no responders) sets :attr:`trouble`, and nothing is asked until the
    caller, having looked at its consumer, clears it.
    """

    def __init__(
        self,
        client: Client,
        stream: str,
        durable: str,
        deliver: Callable[[Msg], Awaitable[None]],
        *,
        capacity: int,
        expires: float,
        heartbeat: float,
        silence: int = 3,
    ):
        self._client = client
        self._next = f"$JS.API.CONSUMER.MSG.NEXT.{stream}.{durable}"
        self._deliver = deliver
        self._capacity = max(1, capacity)
        self._top_up_at = max(1, capacity // 4)
        self._request = json.dumps(
            {"expires": int(expires * 1e9), "idle_heartbeat": int(heartbeat * 1e9)}
        )[1:].encode()
        self._silence = silence * heartbeat
        self._inbox = ""
        self._subscription: Subscription | None = None
        self._asked = 0
        """Messages the open requests may still bring."""
        self.in_hand = 0
        self._heard = time.monotonic()
        self.alive = False
        """Whether JetStream answered since the requests were last asked again."""
        self.trouble: str | None = None
        """An answer that says the consumer may be gone (the caller looks at it)."""

    async def open(self) -> None:
        self._inbox = self._client.new_inbox()
        self._subscription = await self._client.subscribe(
            self._inbox, cb=self._on_message, pending_msgs_limit=100_000
        )
        self._heard = time.monotonic()
        await self.top_up()

    async def close(self) -> None:
        """Stop reading (what the open requests bring goes back to the stream after the
        consumer's ``ack_wait``)."""
        subscription, self._subscription = self._subscription, None  # no more asks
        if subscription is not None:
            await subscription.unsubscribe()

    async def done(self, count: int = 1) -> None:
        """``count`` messages delivered are acked or handed back: room for more."""
        self.in_hand -= count
        await self.top_up()

    async def look(self) -> None:
        """Ask again when the requests went silent, and for room freed (call it about
        every heartbeat)."""
        if self._asked and time.monotonic() - self._heard > self._silence:
            if self.alive:
                log.warning("the pull requests on %s went silent; asking again", self._next)
            self.alive = False
            self._asked = 0  # whatever they held is JetStream's to deliver again
            self._heard = time.monotonic()
        await self.top_up()

    async def top_up(self) -> None:
        if self.trouble is not None or self._subscription is None:
            return  # the caller looks at the consumer first; closed: nobody would read
        room = self._capacity - self.in_hand - self._asked
        if room <= 0 or (self._asked and room < self._top_up_at):
            return  # requests are still open: wait for a few slots, ask once for them
        self._asked += room
        try:
            await self._client.publish(
                self._next, b'{"batch":%d,%s' % (room, self._request), self._inbox
            )
        except nats.errors.Error as error:
            self._asked -= room
            if self.alive:
                log.warning("a pull request on %s failed: %s", self._next, error)
            self.alive = False

    async def _on_message(self, message: Msg) -> None:
        self._heard = time.monotonic()
        status = message.headers.get("Status") if message.headers else None
        if status is not None:
            self._on_status(status, message)
            await self.top_up()  # at once: an ended request leaves nothing open
            return
        self.alive = True
        self._asked = max(0, self._asked - 1)
        self.in_hand += 1
        await self._deliver(message)

    def _on_status(self, status: str, message: Msg) -> None:
        """A heartbeat (100), or a request ended (408 expired, 409 a conflict) with the
        count it still held."""
        self.alive = True
        if status == "100":
            return
        assert message.headers is not None
        left = message.headers.get("Nats-Pending-Messages")
        if left is not None and left.isdigit():
            self._asked = max(0, self._asked - int(left))
        else:  # no count: take every open request as ended
            self._asked = 0
        said = f"{status} {message.headers.get('Description', '')}".strip()
        if status == "503" or "Consumer Deleted" in said:
            self.trouble = said
            self.alive = False
        elif status not in ENDED:  # a leader change, say: asked again at once
            log.info("a pull request on %s ended: %s", self._next, said)
