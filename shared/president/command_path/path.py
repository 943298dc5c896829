"""The command path both writing services share: hold the stream, load, judge, append, reply.

Read :func:`execute` top to bottom; docs/decisions/2026-12-02-one-command-path.md says why.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from president.bus.identity import Requester
from president.contract import Accepted, Rejected, RejectionCode
from president.game.decide import Decided
from president.rules import Refusal
from president.rules.errors import RejectionParams
from president.store import AppendResult, ConcurrencyConflict, NewEvent

S = TypeVar("S")

REQUESTED_BY = "requested_by"
"""Event metadata: the NATS identity (user name, never a secret) that sent the command."""
REQUESTED_BY_ROLE = "requested_by_role"
"""Event metadata: the role of that identity (``integrator``, ``ai-worker``, ...)."""
FINGERPRINT = "command_fingerprint"
"""Event metadata: the fingerprint (:func:`sent`) of the command that wrote the event."""
SENT = "_sent"
"""The member of a remembered refusal holding :attr:`Sent.recorded` of its command."""


@dataclass(frozen=True)
class Sent:
    """A command as the path knows it: the table and stream it writes, its id, who sent it
    and what the log records of it (:func:`sent` makes it). Its idempotency key is
    (stream, sender, command id)."""

    table_id: str
    stream_id: str
    command_id: str
    expected_version: int | None = None
    sender: str = ""
    """The NATS identity that sent it, as the server attests it ('': anonymous): whose
    command id this is."""
    recorded: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    """What the log records of who sent it and what it said, on each of its events (read,
    never changed): :data:`REQUESTED_BY`, :data:`REQUESTED_BY_ROLE`, :data:`FINGERPRINT`."""


def sent(
    table_id: str,
    stream_id: str,
    command_id: str,
    requester: Requester | None,
    *,
    said: Any = None,
    expected_version: int | None = None,
) -> Sent:
    """The :class:`Sent` of command ``command_id`` from ``requester`` (None: anonymous) to
    ``stream_id`` (of table ``table_id``). ``said``: a client's command (a contract
    message), whose fingerprint the log records: the SHA-256 (hex) of its type, stream and
    canonical body (sorted keys, no spaces, defaults included), the command id aside."""
    recorded: dict[str, str] = {}
    if requester is not None:
        recorded[REQUESTED_BY] = requester.user
        if requester.role is not None:
            recorded[REQUESTED_BY_ROLE] = requester.role
    if said is not None:
        body = said.model_dump(mode="json", exclude={"command_id"})
        canonical = json.dumps(
            {"stream_id": stream_id, "body": body}, sort_keys=True, separators=(",", ":")
        )
        recorded[FINGERPRINT] = hashlib.sha256(canonical.encode()).hexdigest()
    sender = "" if requester is None else requester.user
    return Sent(table_id, stream_id, command_id, expected_version, sender, recorded)


def sender_of(metadata: Any) -> str:
    """The sender an event's metadata (or a refusal's ``_sent``) records ('' if none)."""
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


@dataclass(frozen=True)
class Loaded(Generic[S]):
    """A stream as loaded for one decision: its fold, its version and the first answer
    to the command when the stream holds its events."""

    state: S
    version: int
    earlier: Earlier | None = None


class Held(Protocol[S]):
    """A stream held for one decision of one command: no other writer of it meanwhile."""

    @property
    def refusal(self) -> dict[str, Any] | None:
        """The refusal remembered for this sender's command id, if any."""
        ...

    async def load(self) -> Loaded[S]:
        """The stream as the log holds it now."""
        ...

    async def append(self, loaded: Loaded[S], decided: Decided) -> Accepted | Rejected:
        """Append ``decided.events`` at ``loaded.version`` under the command's id and
        sender (a stale version raises ``ConcurrencyConflict``); the reply."""
        ...

    async def remember(self, reply: dict[str, Any]) -> None:
        """Record the command's final refusal: its resends get it back."""
        ...

    async def confirm(self, loaded: Loaded[S]) -> bool:
        """Whether ``loaded`` is still the stream as the log holds it (a refusal decided
        on it is answered only then; else the command is decided again)."""
        ...


class CommandLog(Protocol[S]):
    """Where a service's commands are decided: the port of the command path."""

    def hold(self, command: Sent) -> AbstractAsyncContextManager[Held[S]]:
        """Hold the command's stream for one decision (waits while another holds it)."""
        ...


TOO_BUSY = Refusal(RejectionCode.INTERNAL_ERROR, "table too busy")
"""What a command gets by default when its stream kept moving under every attempt."""

Stale = Callable[[S], Refusal | None]
Decide = Callable[[S], Decided | list[NewEvent] | Refusal]


async def execute(
    command: Sent,
    log: CommandLog[S],
    decide: Decide[S],
    *,
    stale: Stale[S] | None = None,
    attempts: int = 5,
    busy: Refusal = TOO_BUSY,
) -> Accepted | Rejected:
    """Decide ``command`` on its stream and append what it causes; the reply to send.

    ``decide(state)`` is the service's pure decision; ``stale(state)``, its refusal of a
    command whose expected version the stream has passed, when it says more than
    STALE_VERSION (asked only then). A lost race (another writer appended first) is
    decided again, ``attempts`` times at most, then answered ``busy``."""
    for _ in range(attempts):
        try:
            async with log.hold(command) as held:
                loaded = await held.load()
                verdict = judge(command, loaded, held.refusal, stale, decide)
                if isinstance(verdict, Refusal) and not await held.confirm(loaded):
                    continue  # decided on a fold the log has gone past: again
                if isinstance(verdict, Refusal):
                    refused = Rejected.of(verdict, command.command_id)
                    if verdict.final:
                        await held.remember(remembered(command, refused))
                    return refused
                if isinstance(verdict, Accepted | Rejected):
                    return verdict
                if not isinstance(verdict, Decided):
                    verdict = Decided(verdict)
                recorded = command.recorded
                events = []
                for e in verdict.events:  # who sent it, on each event
                    meta = {**e.metadata, **recorded}
                    events.append(NewEvent(e.type, e.data, meta, e.schema_version, e.event_id))
                return await held.append(loaded, Decided(events, verdict.after, verdict.due))
        except ConcurrencyConflict:
            continue
    return Rejected.of(busy, command.command_id)


def judge(
    command: Sent,
    loaded: Loaded[S],
    remembered_refusal: dict[str, Any] | None,
    stale: Stale[S] | None,
    decide: Decide[S],
) -> Accepted | Rejected | Refusal | Decided | list[NewEvent]:
    """What ``command`` gets on ``loaded``: its first answer again, the service's refusal
    of a stale expected version (else STALE_VERSION), or the service's decision."""
    if loaded.earlier is not None:
        return again(command, loaded.earlier)
    if remembered_refusal is not None:
        return again(command, recalled(remembered_refusal))
    expected, version = command.expected_version, loaded.version
    if expected is not None and expected != version:
        refused = None if stale is None else stale(loaded.state)
        if refused is not None:
            return refused
        detail = f"expected version {expected}, {command.stream_id} is at {version}"
        params: RejectionParams = {"expected": expected, "current": version}
        return Refusal(RejectionCode.STALE_VERSION, detail, final=True, params=params)
    return decide(loaded.state)


def again(command: Sent, earlier: Earlier) -> Accepted | Rejected:
    """The first answer again, for the same command; COMMAND_ID_REUSED for another one."""
    said = command.recorded.get(FINGERPRINT)
    if earlier.fingerprint is not None and said != earlier.fingerprint:
        detail = "this command id was sent before with another command; nothing changed"
        return Rejected.of(Refusal(RejectionCode.COMMAND_ID_REUSED, detail), command.command_id)
    return earlier.reply


def remembered(command: Sent, refused: Rejected) -> dict[str, Any]:
    """What the store remembers of a final refusal: the reply as sent, and who sent what
    (under :data:`SENT`). :func:`recalled` reads it back."""
    return {**refused.model_dump(mode="json"), SENT: dict(command.recorded)}


def recalled(stored: dict[str, Any]) -> Earlier:
    """The first answer of a refusal the store remembered (:func:`remembered`)."""
    reply = dict(stored)
    first = reply.pop(SENT, None)
    earlier = Rejected.model_validate_json(json.dumps(reply))
    return Earlier.of(earlier, first if isinstance(first, dict) else {})


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
