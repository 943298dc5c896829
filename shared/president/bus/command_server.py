"""The command subscriber of the writing services: core NATS request-reply in a queue
group (plain nats-py), handing ``admit`` and ``run`` each request's sender as nats-server
attests it (``Nats-Request-Info``, on the command account's import; never the client's)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import orjson
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

from president.bus.auth import SERVICE_ROLES
from president.bus.connect import (
    ConnectionWatch,
    NatsCredentials,
    ReconnectPolicy,
    connect,
    server_authenticates,
)
from president.bus.identity import Requester
from president.bus.quick_client import QuickClient
from president.contract.base import MAX_QUEUED
from president.settings import Settings

log = logging.getLogger(__name__)

REQUEST_INFO = "Nats-Request-Info"
"""The header nats-server stamps on a request crossing a service import."""

Admit = Callable[[str, bytes, Requester | None], Any]
"""A request's subject, body and sender in, synchronously and cheaply: the command to run,
or the reply's body (``bytes``) when the request is refused at once (rate limit, size,
parse); ``president.command_path.admission.admit``. Must not raise."""
Run = Callable[[str, Any, Requester | None], Awaitable[bytes]]
"""A request's subject, the command admitted from it and its sender in, the reply's body
out; ``president.command_path.admission.run``. Must not raise."""


class CommandServer:
    """Answers requests on ``subject`` (queue group ``queue``), up to ``max_workers`` at once.

    Every request is first admitted in the subscription's task (``admit``): what it refuses
    (a flood over its rate, junk) is answered there at once and never takes one of the
    ``max_workers`` slots that the commands worth deciding share. An admitted request
    waits for a slot in the line of its sender (the attested requester; one line for the
    anonymous ones), and the free slots go to the senders in turn (round robin), so one
    identity's backlog (a storm of well-formed commands) delays its own requests, never
    another's: a move waits for at most one request of each other sender. A client
    identity may have ``max_queued`` requests waiting; beyond, the request is answered
    ``busy`` at once (the services' own identities, the AI workers' moves above all, are
    not bounded, nor are the anonymous requests of an open server, which has no client
    identities to bound). ``stop`` stops taking new requests, answers those already received,
    and gives them ``grace`` seconds.

    On a server that authenticates (accounts, ``president.bus.auth``) every request must
    carry the server's ``Nats-Request-Info``: one without it did not cross the import and
    is dropped unanswered. On an open server (one account, nobody authenticated) every
    request is anonymous.
    """

    def __init__(
        self,
        client: Client,
        subject: str | Sequence[str],
        queue: str,
        admit: Admit,
        run: Run,
        *,
        max_workers: int,
        service: str,
        busy: bytes,
        max_queued: int = MAX_QUEUED,
    ):
        self._client = client
        self._attested = False
        self._service = service
        self._subjects = (subject,) if isinstance(subject, str) else tuple(subject)
        self._queue = queue
        self._admit = admit
        self._run = run
        self._busy = busy
        self._max_queued = max_queued
        self._free = max_workers
        self._waiting: dict[str, deque[tuple[Msg, Any, Requester | None]]] = {}
        """Admitted requests by sender, in the order the senders take their turns."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._subscriptions: dict[str, Subscription] = {}

    async def start(self) -> None:
        self._attested = server_authenticates(self._client)
        for subject in self._subjects:
            await self.subscribe(subject)

    async def subscribe(self, subject: str, *, shared: bool = True) -> None:
        """Take the requests on ``subject`` too: in the queue group, or (not ``shared``)
        each of them, whoever else takes them (an engine's partition: the instance taking
        it over answers at once, while the one frozen with it still holds its subscription)."""
        if subject not in self._subscriptions:
            self._subscriptions[subject] = await self._client.subscribe(
                subject,
                queue=self._queue if shared else "",
                cb=self._received,
                pending_msgs_limit=100_000,
            )

    async def drain(self, subject: str, grace: float = 10.0) -> None:
        """Stop taking the requests on ``subject``; those received are still answered."""
        subscription = self._subscriptions.pop(subject, None)
        if subscription is None or self._client.is_closed:
            return
        try:
            await asyncio.wait_for(subscription.drain(), grace)  # type: ignore[no-untyped-call]
        except Exception:
            log.warning("%s: command subscription %s did not drain", self._service, subject)
            with contextlib.suppress(Exception):
                await subscription.unsubscribe()

    async def stop(self, grace: float = 10.0) -> None:
        await asyncio.gather(*(self.drain(s, grace) for s in list(self._subscriptions)))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        while self._tasks and loop.time() < deadline:  # the waiting ones get slots meanwhile
            await asyncio.wait(list(self._tasks), timeout=deadline - loop.time())
        left, self._waiting = self._waiting, {}
        for task in list(self._tasks):
            task.cancel()
        for waiting in left.values():
            for message, _, _ in waiting:
                await self._reply(message, self._busy)

    async def _received(self, message: Msg) -> None:
        """Admit a request and give it a slot in its sender's turn, or answer it at once
        (in the subscription's own task, one message at a time: it never waits for a slot,
        so one sender's backlog holds up no other sender's requests)."""
        requester = attested_requester(message.headers) if self._attested else None
        if self._attested and requester is None:
            log.warning(
                "%s: dropped a request on %s that no server attested (no %s user)",
                self._service,
                message.subject,
                "Nats-Request-Info",
            )
            return
        command = self._admit(message.subject, message.data, requester)
        if isinstance(command, bytes):
            await self._reply(message, command)
            return
        if self._free > 0:  # nobody waits while a slot is free: this request takes it
            self._free -= 1
            task = asyncio.create_task(self._answer(message, command, requester))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return
        sender = "" if requester is None else requester.user
        waiting = self._waiting.setdefault(sender, deque())
        bounded = requester is not None and requester.role not in SERVICE_ROLES
        if bounded and len(waiting) >= self._max_queued:
            await self._reply(message, self._busy)
            return
        waiting.append((message, command, requester))

    def _next_in_line(self) -> tuple[Msg, Any, Requester | None]:
        """The first request of the sender whose turn it is (its line goes to the back)."""
        sender = next(iter(self._waiting))
        waiting = self._waiting.pop(sender)
        request = waiting.popleft()
        if waiting:
            self._waiting[sender] = waiting
        return request

    async def _reply(self, message: Msg, reply: bytes) -> None:
        """Publish ``reply`` to the request's inbox (a failure is logged, never raised)."""
        try:
            if message.reply:
                await self._client.publish(message.reply, reply)
        except Exception:
            log.exception("%s: no reply sent to a request on %s", self._service, message.subject)

    async def _answer(self, message: Msg, command: Any, requester: Requester | None) -> None:
        """Run admitted commands in one slot and reply to each: this one, then the senders'
        waiting ones in turn (the first in each line first) until none waits."""
        try:
            while True:
                await self._reply(message, await self._run(message.subject, command, requester))
                if not self._waiting:
                    return
                message, command, requester = self._next_in_line()
        finally:
            self._free += 1


def attested_requester(headers: Mapping[str, str] | None) -> Requester | None:
    """The user the server stamped on a request (``Nats-Request-Info``'s ``user``), None
    when the header is missing or names no user."""
    if not headers:
        return None
    raw = headers.get(REQUEST_INFO)
    if raw is None:
        return None
    try:
        info = orjson.loads(raw)
    except ValueError:
        return None
    user = info.get("user") if isinstance(info, dict) else None
    return _requester(user) if isinstance(user, str) and user else None


@functools.lru_cache(maxsize=4096)
def _requester(user: str) -> Requester:
    """The :class:`Requester` of ``user``, one for its every request (the last 4096 users'
    kept: a requester is frozen, so its requests share it)."""
    return Requester(user)


async def open_command_connection(
    nats_url: str,
    name: str,
    settings: Settings,
    main: QuickClient,
    *,
    watch: ConnectionWatch | None = None,
) -> QuickClient:
    """The connection a service's ``CommandServer`` subscribes on: its command-account
    identity's (``PRESIDENT_NATS_COMMANDS_USER``), else ``main`` (an open server, or a
    service whose main identity lives in the command account, as the table service's)."""
    credentials = NatsCredentials.for_commands(settings)
    if credentials is None:
        return main
    return await connect(
        nats_url,
        f"{name}-commands",
        credentials,
        policy=ReconnectPolicy.of(settings),
        watch=watch,
    )
