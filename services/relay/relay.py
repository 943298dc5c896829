"""The relay: committed events from the Postgres log to JetStream, in commit order, one
session at a time, withholding what cannot be published."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import socket
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field

from president.bus.connect import NatsCredentials
from president.bus.streams import DUPLICATE_WINDOW, StreamLimits, StreamMismatch, StreamSpec
from president.contract.subjects import Subjects
from president.runtime.metrics import RELAY_PUBLISH_FAILURES, RELAY_WITHHELD
from president.runtime.outages import log_failure
from president.store import NOTIFY_CHANNEL, EventStore, RecordedEvent
from president.store.postgres import PostgresEventStore

from services.relay.envelope import Envelope, Mark, plan
from services.relay.game_routing import game_routing
from services.relay.lease import LeaseLost, LeaseTiming, RelayLease
from services.relay.outgoing import Route
from services.relay.publisher import JetStreamPublisher, PublishFailed
from services.relay.resume import ResumePoint, republish_point, resume_point

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RelayOptions:
    """Tuning of a relay.

    ``name`` (default: the stream name) keys its lease and checkpoint; ``listen=False``
    leaves the store's NOTIFY aside and relies on polling alone. Woken, it waits ``gather``
    seconds for more commits before it reads, so that one read and one checkpoint carry
    them (5 ms took a fifth off the relay's CPU per action). The lease lasts
    ``lease_ttl`` seconds without renewal (a frozen relay loses it that long after its
    last heartbeat); ``holder`` names this relay in the lease row (default: host, pid and
    a random part, unique per process). ``limits`` set the stream's replicas and limits.
    After a failed session the next one starts after ``retry_interval`` seconds, doubling
    (jittered) with each failure in a row up to ``max_retry_interval``.
    """

    name: str | None = None
    listen: bool = True
    batch_size: int = 500
    poll_interval: float = 1.0
    gather: float = 0.005
    max_in_flight: int = 1000
    ack_timeout: float = 10.0
    retry_interval: float = 1.0
    max_retry_interval: float = 5.0
    lock_retry_interval: float = 0.5
    duplicate_window: float = DUPLICATE_WINDOW
    lease_ttl: float = 4.0
    holder: str | None = None
    withhold_after: int = 5
    limits: StreamLimits = field(default_factory=StreamLimits)


class Relay:
    """Publishes every committed event to the JetStream stream ``stream_name``.

    ``stream_name`` defaults to the contract's events stream (``<PREFIX>_EVENTS``);
    ``route`` maps an event to its messages and ``subjects`` are the stream's subjects,
    which must cover every subject the route uses. Without a route: the contract's
    routing (public, per-seat and lobby messages; ``game_routing``). A route
    given without its subjects is refused rather than guessed.
    """

    def __init__(
        self,
        store_url: str,
        nats_url: str,
        stream_name: str | None = None,
        *,
        route: Route | None = None,
        subjects: Sequence[str] | None = None,
        prefix: str = "president",
        options: RelayOptions | None = None,
        credentials: NatsCredentials | None = None,
        publish_credentials: NatsCredentials | None = None,
    ):
        """``publish_credentials``: the identity the events go out on, in the command
        account (relay-commands: the browsers' seats hear only that account); None: on
        ``credentials``' connection (an open server)."""
        stream_name = stream_name or Subjects(prefix).events_stream
        if route is None:
            default = game_routing(prefix)
            route, subjects = default.route, default.subjects if subjects is None else subjects
        elif subjects is None:
            raise ValueError("a route needs the stream subjects that hold what it publishes")
        self._store_url = store_url
        self._nats_url = nats_url
        self._credentials = credentials
        self._publish_credentials = publish_credentials
        self._options = options or RelayOptions()
        limits = self._options.limits
        self._spec = StreamSpec(
            name=stream_name,
            subjects=list(subjects),
            duplicate_window=self._options.duplicate_window,
            replicas=limits.replicas,
            max_age=limits.events_max_age,
            max_bytes=limits.events_max_bytes,
        )
        self._route = route
        self.name = self._options.name or stream_name
        self.holder = self._options.holder or default_holder()
        self.status = "starting"
        """What the relay does: starting, waiting for the lock, publishing, or why its
        last session failed (readiness: waiting for the lock or publishing, both once the
        session is connected to Postgres and NATS)."""
        self._republish_from: int | None = None
        self._connected = False  # the current session reached Postgres and NATS
        self._timing = LeaseTiming(
            ttl=self._options.lease_ttl, retry_interval=self._options.lock_retry_interval
        )
        self.withholding: dict[int, str] = {}
        """Log positions of events to publish as withheld references, and why."""
        self._strikes: tuple[int | None, int] = (None, 0)
        self.withheld = 0
        """Messages this relay published as withheld references (the metric to watch)."""

    @property
    def spec(self) -> StreamSpec:
        """The stream this relay fills."""
        return self._spec

    async def run(self, stop: asyncio.Event, *, from_position: int | None = None) -> None:
        """Publish until ``stop`` is set; survive any failure by starting a new session,
        except a stream that cannot match the settings (StreamMismatch is raised).

        With ``from_position``, first publish the log again from that position on (see
        :meth:`run_once`), then go on as usual."""
        self._republish_from = from_position
        failures = 0
        while not stop.is_set():
            self._connected = False
            try:
                await self._serve(stop)
                failures = 0
            except StreamMismatch:
                raise  # no retry mends it: the process refuses to run (logged as an error)
            except LeaseLost as lost:
                self.status = "waiting for the lock"  # a standby now
                log.warning("relay %s: lease lost (%s); standing by", self.name, lost)
            except Exception as error:
                self.status = f"session failed: {type(error).__name__}: {error}"
                if self._connected:  # it came up: a new outage, the backoff starts over
                    failures = 0
                if isinstance(error, PublishFailed):
                    RELAY_PUBLISH_FAILURES.labels(self.name).inc()
                    wait = self._struck(error)
                else:
                    log_failure(
                        log, error, f"relay {self.name}: session failed", again=failures > 0
                    )
                    wait = self._retry_wait(failures + 1)
                failures += 1
                await _wait_any(stop, within=wait)
        log.info("relay %s: stopped", self.name)

    def _retry_wait(self, failures: int) -> float:
        """Doubling from ``retry_interval`` up to ``max_retry_interval``, jittered."""
        options = self._options
        ceiling = min(options.max_retry_interval, options.retry_interval * 2 ** (failures - 1))
        return random.uniform(ceiling / 2, ceiling)

    def _struck(self, failed: PublishFailed) -> float:
        """Count a failed publish against its event; the seconds to wait before the next
        session (backing off with the failures of that event in a row). The
        ``withhold_after``-th failure in a row of one event withholds it."""
        position, count = self._strikes
        if failed.fenced or failed.position is None:
            count = max(count, 1)
        elif failed.position == position:
            count += 1
        else:
            position, count = failed.position, 1
        self._strikes = (position, count)
        options = self._options
        if position is not None and not failed.fenced and count >= options.withhold_after:
            reason = "refused:" + "".join(c if c.isprintable() else " " for c in str(failed))
            self.withholding[position] = reason[:200]
            log.error(
                "relay %s: the event at position %d failed %d times (%s); withholding it",
                self.name,
                position,
                count,
                failed,
            )
            self._strikes = (None, 0)
            return options.retry_interval
        wait = self._retry_wait(count)
        log.warning(
            "relay %s: publish failed (%s); starting over in %.1f s", self.name, failed, wait
        )
        return wait

    async def run_once(self, *, from_position: int | None = None) -> int:
        """Publish everything committed now (waiting for the lock); return the event count.

        With ``from_position`` (an operator who lost the stream: Postgres is the truth),
        publish the log again from that position on, after what the stream holds: from
        ``from_position`` when the stream holds nothing at or after it, else from where it
        ends, so nothing is published twice. A stream purged within its duplicate window
        still drops the ids it saw; that is retried until the window has passed."""
        self._republish_from = from_position
        published = 0
        while True:
            stop = asyncio.Event()
            async with await _open_log(self._store_url) as events:
                publisher = await self._connect()
                try:
                    lease = await self._acquire(stop, publisher)
                    assert lease is not None
                    try:
                        session = await self._start(events, lease, publisher)
                        await session.drain(stop)
                        self._republish_from = None
                        return published + session.published
                    except PublishFailed as failed:
                        if from_position is None:
                            raise
                        published += session.published
                        log.warning(
                            "relay %s: publish failed (%s); retrying (a stream purged lately"
                            " drops the ids it saw for %.0f s)",
                            self.name,
                            failed,
                            self._spec.duplicate_window,
                        )
                    finally:
                        await lease.close()
                finally:
                    await publisher.close()
            await asyncio.sleep(self._options.retry_interval)

    async def _serve(self, stop: asyncio.Event) -> None:
        """One session: connect to NATS, then take the lease or wait for it as a standby
        (ready: connected to both, checking NATS at each try), then publish."""
        async with await _open_log(self._store_url) as events:
            publisher = await self._connect()
            try:
                lease = await self._acquire(stop, publisher)
                if lease is None:
                    return
                try:
                    session = await self._start(events, lease, publisher)
                    self._connected = True
                    self.status = "publishing"
                    while not stop.is_set():
                        lease.woken.clear()
                        await session.drain(stop)
                        self._republish_from = None
                        await _wait_any(stop, lease.woken, within=self._options.poll_interval)
                        if self._options.gather and not stop.is_set():
                            await asyncio.sleep(self._options.gather)  # more commits, one read
                        lease.ensure_held()
                finally:
                    await lease.close()
            finally:
                await publisher.close()

    async def _connect(self) -> JetStreamPublisher:
        return await JetStreamPublisher.connect(
            self._nats_url,
            self._spec,
            credentials=self._credentials,
            publish_credentials=self._publish_credentials,
            ack_timeout=self._options.ack_timeout,
            max_in_flight=self._options.max_in_flight,
        )

    async def _acquire(
        self, stop: asyncio.Event, publisher: JetStreamPublisher
    ) -> RelayLease | None:
        def standing_by() -> None:
            publisher.check()  # a standby that lost NATS is not ready: a new session
            self._connected = True
            self.status = "waiting for the lock"

        return await RelayLease.acquire(
            self._store_url,
            self.name,
            holder=self.holder,
            channel=NOTIFY_CHANNEL if self._options.listen else None,
            stop=stop,
            timing=self._timing,
            waiting=standing_by,
        )

    async def _start(
        self, events: EventStore, lease: RelayLease, publisher: JetStreamPublisher
    ) -> _Session:
        """Resume ``publisher``'s stream where the checkpoint and the stream say."""
        await publisher.ensure_stream()
        checkpoint = await lease.load_checkpoint()
        mark = await publisher.last_mark()
        republish = self._republish_from
        if mark is not None and (mark.position > checkpoint or republish is not None):
            mark = await _confirmed(events, mark)
        if republish is None:
            point = resume_point(checkpoint, mark)
        else:
            point = republish_point(republish, mark)
        log.info(
            "relay %s: %s after position %d (checkpoint %d, epoch %d)",
            self.name,
            "resuming" if republish is None else "republishing",
            point.after,
            checkpoint,
            lease.epoch,
        )
        return _Session(
            events, lease, publisher, self._route, self._options.batch_size, point, self
        )


class _Session:
    """One lock, one NATS connection, and the position reached."""

    def __init__(
        self,
        events: EventStore,
        lease: RelayLease,
        publisher: JetStreamPublisher,
        route: Route,
        batch_size: int,
        point: ResumePoint,
        relay: Relay,
    ):
        self._events = events
        self._lease = lease
        self._publisher = publisher
        self._route = route
        self._batch_size = batch_size
        self._point = point
        self._relay = relay
        self.published = 0

    async def drain(self, stop: asyncio.Event) -> int:
        """Publish batches until the log is exhausted or ``stop`` is set; count the events."""
        published = 0
        self._publisher.check()  # a NATS connection lost while idle ends the session
        while not stop.is_set():
            batch = await self._events.read_all(
                after_position=self._point.after, limit=self._batch_size
            )
            if not batch:
                break
            # No round trip: the lease's own clock. A relay that froze past it stops here;
            # one frozen mid-publish is fenced by the stream's last sequence, and its
            # checkpoint save by the lease's epoch.
            self._lease.ensure_held()
            withheld = len(self._publisher.withheld)
            try:
                await self._publisher.publish(
                    plan(batch, self._route, skip=self._point.skip), self._relay.withholding
                )
            except PublishFailed as failed:
                # What the stream stored of the batch counts: the next session resumes after it.
                self.published += _completed(batch, failed.stored)
                raise
            if len(self._publisher.withheld) > withheld:
                count = len(self._publisher.withheld) - withheld
                self._relay.withheld += count
                RELAY_WITHHELD.labels(self._relay.name).inc(count)
            self._point = ResumePoint(after=batch[-1].position)
            await self._lease.save_checkpoint(self._point.after)
            published += len(batch)
            self.published += len(batch)
            log.debug("relay: published up to position %d", self._point.after)
            if len(batch) < self._batch_size:
                # Caught up; what commits after this read NOTIFYs (and the poll backs it up).
                break
        return published


def _completed(batch: Sequence[RecordedEvent], stored: Envelope | None) -> int:
    """How many events of ``batch`` are wholly published once ``stored`` is (none: 0)."""
    if stored is None:
        return 0
    last = stored.position if stored.part >= stored.parts else stored.position - 1
    return sum(1 for event in batch if event.position <= last)


async def _confirmed(events: EventStore, mark: Mark) -> Mark | None:
    """``mark`` when the log holds its event at its position, else None (logged)."""
    found = await events.read_all(after_position=mark.position - 1, limit=1)
    if found and found[0].position == mark.position and str(found[0].event_id) == mark.event_id:
        return mark
    log.error(
        "relay: JetStream ends with event %s at position %d, which the log does not hold there;"
        " resuming from the checkpoint",
        mark.event_id,
        mark.position,
    )
    return None


async def _wait_any(*events: asyncio.Event, within: float) -> None:
    if any(event.is_set() for event in events):
        # Busy: a NOTIFY came in while the last batch was out. No waiter tasks to make
        # and cancel (a loop turn each) before reading the next batch.
        return
    waiters = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait(waiters, timeout=within, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()


def default_holder() -> str:
    """This process in a lease row: host, pid and a random part (never reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


async def _open_log(database_url: str) -> PostgresEventStore:
    return await PostgresEventStore.connect(database_url, min_size=1, max_size=2)
