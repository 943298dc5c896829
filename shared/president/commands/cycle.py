"""The one command cycle: identify, answer a known command again, check the expected
version, decide, append, reply; a lost race is decided again on the new state.

Both writing services run their commands through :class:`CommandCycle`: the table
service on ``table-{id}`` streams, the engine on ``game-{id}`` streams. A service plugs
in how it holds and folds its stream and what it decides (``president.game``); the
order of the steps, what is remembered and the retries live here only:

1. hold the stream for the command (no other decision of it runs meanwhile) and read,
   with the hold, the refusal remembered for the sender's command id
   (``command_rejections``);
2. load the folded stream (it may lag when the hold had to wait: see 6);
3. admit the sender (the engine checks the seat's token and who holds the seat; the
   table service admits all);
4. the sender's command id already in the stream: the reply of its first time
   (``duplicate``);
5. a remembered refusal: that refusal again, even when the stream moved on since;
6. a stale ``expected_version``: STALE_VERSION; else decide. A refusal is given only on
   the stream's latest state (the load is done again when it may have lagged), and a
   final refusal is remembered;
7. append with the version decided on, the command id and its sender;
   ``ConcurrencyConflict`` (a lost race) releases the hold and starts again,
   ``attempts`` times at most.

What identifies a command is one value, :class:`Identified`, handed to every step: its
stream, its id, and what makes the id an idempotency key done right: the ``requester``
(the NATS identity that sent it, as the server attests it; :attr:`Identified.sender`)
and the ``fingerprint`` of what the command says (:func:`fingerprint`: type, stream and
canonical body). The key is (stream, sender, command id): the events record the sender
(metadata ``requested_by``, ``requested_by_role``) and the fingerprint
(``command_fingerprint``), a remembered refusal is stored under its sender (and keeps
``_sent`` in its ``command_rejections.reply``), and the store records the command
(``commands``) under its sender. So (:meth:`CommandCycle._again`):

- the same id from the same identity with the same command: the first answer;
- the same id from the same identity with another command (another type, stream or
  body): ``COMMAND_ID_REUSED``, nothing changed, nothing remembered;
- the same id from another identity: another command, decided on its own; one
  identity's command, accepted or refused, never answers or blocks another's.

Anonymous requests (an open server: no attested requester) are one sender, ``""``; so
are events written before ``requested_by`` was recorded. Events and refusals written
before fingerprints were recorded carry none: their ids are answered as before.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from president.bus.identity import Requester
from president.contract import Accepted, Rejected, RejectionCode
from president.contract.base import Message
from president.game import Refusal
from president.rules.errors import RejectionParams
from president.store import AppendResult, ConcurrencyConflict, NewEvent

C = TypeVar("C")
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


@dataclass(frozen=True)
class Identified:
    """A command as the cycle knows it: the stream it writes and its id, once."""

    stream_id: str
    command_id: str
    expected_version: int | None = None
    requester: str | None = None
    """The NATS identity that sent it, as the server attests it
    (``president.bus.identity.attested_requester``), if known."""
    fingerprint: str | None = None
    """What the command says (:func:`fingerprint`), if the service computed it."""
    requester_role: str | None = None
    """The role of ``requester`` (``integrator``, ``ai-worker``), if known."""

    @property
    def sender(self) -> str:
        """Whose command id this is: the requester, ``""`` when anonymous."""
        return self.requester or ""

    def sent(self) -> dict[str, str]:
        """What the log records of who sent the command and what it said (metadata keys
        ``requested_by``, ``requested_by_role``, ``command_fingerprint``; no secret)."""
        recorded = {
            REQUESTED_BY: self.requester,
            REQUESTED_BY_ROLE: self.requester_role,
            FINGERPRINT: self.fingerprint,
        }
        return {key: value for key, value in recorded.items() if value is not None}


REQUESTED_BY = "requested_by"
"""Event metadata: the NATS identity (user name, never a secret) that sent the command."""
REQUESTED_BY_ROLE = "requested_by_role"
"""Event metadata: the role of that identity (``integrator``, ``ai-worker``, ...)."""
FINGERPRINT = "command_fingerprint"
"""Event metadata: :func:`fingerprint` of the command that wrote the event."""
SENT = "_sent"
"""The member of a remembered refusal holding :meth:`Identified.sent` of its command."""


def fingerprint(stream_id: str, command: Message) -> str:
    """SHA-256 (hex) of what ``command`` says: its type, the stream it writes and its body
    as canonical JSON (sorted keys, no spaces, defaults included), the command id aside."""
    body = command.model_dump(mode="json", exclude={"command_id"})
    canonical = json.dumps(
        {"stream_id": stream_id, "body": body}, sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def identified(
    stream_id: str,
    command: Message,
    command_id: str,
    expected_version: int | None,
    requester: Requester | None,
) -> Identified:
    """The :class:`Identified` of ``command`` sent by ``requester`` to ``stream_id``."""
    return Identified(
        stream_id,
        command_id,
        expected_version,
        requester=None if requester is None else requester.user,
        fingerprint=fingerprint(stream_id, command),
        requester_role=None if requester is None else requester.role,
    )


def sender_of(metadata: Any) -> str:
    """The sender an event's metadata (or a refusal's ``_sent``) records: its
    ``requested_by``, ``""`` when anonymous or not recorded."""
    requester = metadata.get(REQUESTED_BY)
    return requester if isinstance(requester, str) else ""


@dataclass(frozen=True)
class Earlier:
    """The answer of a sender's command id's first time, with what the command said then."""

    reply: Accepted | Rejected
    fingerprint: str | None = None

    @classmethod
    def of(cls, reply: Accepted | Rejected, metadata: Any) -> Earlier:
        """The answer ``reply`` of a command whose events (or refusal) recorded ``metadata``."""
        print_ = metadata.get(FINGERPRINT)
        return cls(reply, print_ if isinstance(print_, str) else None)


class Held(Protocol[S_co]):
    """A stream held for one decision of one command, with what is remembered of it."""

    @property
    def rejection(self) -> dict[str, Any] | None:
        """The reply a previous decision of this sender's command refused it with, if any."""
        ...

    async def remember(self, reply: dict[str, Any]) -> None:
        """Record this decision's refusal: the sender's resends of the command get it back."""
        ...

    async def load(self, *, latest: bool) -> S_co:
        """The folded stream; ``latest``: as the log holds it now (else it may lag)."""
        ...


Verdict = Accepted | Rejected | Refusal | list[NewEvent]


class CommandCycle(ABC, Generic[C, S]):
    """The cycle of one kind of command ``C`` on one kind of stream (folded as ``S``);
    a service fills in the abstract steps. It holds no state of its own."""

    attempts: int = 5
    """Decisions of one command before the cycle gives up on a stream that keeps moving."""

    async def execute(self, command: C) -> Accepted | Rejected:
        """Decide ``command`` and append what it causes; the reply to send."""
        known = self.identify(command)
        for _ in range(self.attempts):
            try:
                async with self.hold(known) as held:
                    return await self._attempt(known, command, held)
            except ConcurrencyConflict:
                self.lost_race(known)  # another command got in first: decide again
        return self.too_busy(known)

    async def _attempt(self, known: Identified, command: C, held: Held[S]) -> Accepted | Rejected:
        state = await held.load(latest=False)
        verdict = await self._judge(known, command, held, state)
        if isinstance(verdict, Refusal):
            state = await held.load(latest=True)
            verdict = await self._judge(known, command, held, state)
        if isinstance(verdict, Refusal):
            rejected = rejection(known.command_id, verdict.code, verdict.detail, verdict.params)
            if verdict.final:
                await held.remember({**rejected.model_dump(mode="json"), SENT: known.sent()})
            return rejected
        if isinstance(verdict, Accepted | Rejected):
            return verdict
        return await self.append(known, state, verdict)

    async def _judge(self, known: Identified, command: C, held: Held[S], state: S) -> Verdict:
        refused = await self.admit(command, state)
        if refused is not None:
            return refused
        earlier = self.earlier(known, state)
        if earlier is not None:
            return self._again(known, earlier)
        if held.rejection is not None:
            remembered = dict(held.rejection)
            sent = remembered.pop(SENT, None)
            reply = Rejected.model_validate_json(json.dumps(remembered))
            return self._again(known, Earlier.of(reply, sent if isinstance(sent, dict) else {}))
        expected, version = known.expected_version, self.version(state)
        if expected is not None and expected != version:
            detail = f"expected version {expected}, {known.stream_id} is at {version}"
            params: RejectionParams = {"expected": expected, "current": version}
            return Refusal(RejectionCode.STALE_VERSION, detail, final=True, params=params)
        return self.decide(command, state)

    @staticmethod
    def _again(known: Identified, earlier: Earlier) -> Accepted | Rejected:
        """The first answer again (``earlier`` is the same sender's), for the same command."""
        if earlier.fingerprint is not None and known.fingerprint != earlier.fingerprint:
            detail = "this command id was sent before with another command; nothing changed"
            return rejection(known.command_id, RejectionCode.COMMAND_ID_REUSED, detail)
        return earlier.reply

    # -- what a service plugs in ------------------------------------------------

    @abstractmethod
    def identify(self, command: C) -> Identified:
        """The stream ``command`` writes, its id and the version it expects."""

    @abstractmethod
    def hold(self, command: Identified) -> AbstractAsyncContextManager[Held[S]]:
        """Hold the command's stream for one decision (with the refusal remembered for
        the command's id of its sender)."""

    @abstractmethod
    def version(self, state: S) -> int:
        """The stream version ``state`` was folded up to."""

    async def admit(self, command: C, state: S) -> Refusal | None:
        """A refusal of the sender, before anything else is told (default: none)."""
        return None

    @abstractmethod
    def earlier(self, command: Identified, state: S) -> Earlier | None:
        """The reply of the command's first time, when the stream holds events of its id
        sent by its sender (:func:`sender_of`), with their ``command_fingerprint``
        (:meth:`Earlier.of`)."""

    @abstractmethod
    def decide(self, command: C, state: S) -> list[NewEvent] | Refusal:
        """The events the command causes, or its refusal."""

    @abstractmethod
    async def append(
        self, command: Identified, state: S, events: Sequence[NewEvent]
    ) -> Accepted | Rejected:
        """Append ``events`` at ``version(state)`` with the command id and its sender;
        the reply."""

    def lost_race(self, command: Identified) -> None:
        """Another append won the race (default: nothing to forget)."""
        return None

    @abstractmethod
    def too_busy(self, command: Identified) -> Rejected:
        """The reply when every attempt lost its race."""


def accepted(command_id: str, result: AppendResult, **extra: Any) -> Accepted:
    """The reply to a command whose events ``result`` holds (``extra``: a service's fields)."""
    return Accepted(
        command_id=command_id,
        stream_id=result.stream_id,
        first_version=result.first_version,
        last_version=result.last_version,
        positions=list(result.positions),
        duplicate=result.duplicate,
        **extra,
    )


def rejection(
    command_id: str | None,
    code: RejectionCode,
    detail: str,
    params: RejectionParams | None = None,
) -> Rejected:
    """A ``Rejected`` reply."""
    return Rejected(command_id=command_id, code=code, detail=detail, params=dict(params or {}))
