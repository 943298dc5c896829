"""The one command cycle: identify, answer a known command again, check the expected
version, decide, append, reply; a lost race is decided again on the new state.

Both writing services run their commands through :class:`CommandCycle`: the table
service on ``table-{id}`` streams, the engine on ``game-{id}`` streams. A service plugs
in how it holds and folds its stream and what it decides (``president.game``); the
order of the steps, what is remembered and the retries live here only:

1. hold the stream for the command (no other decision of it runs meanwhile) and read,
   with the hold, the refusal remembered for the command id (``command_rejections``);
2. load the folded stream (it may lag when the hold had to wait: see 6);
3. admit the sender (the engine checks the seat's token; the table service admits all);
4. the command id already in the stream: the reply of its first time (``duplicate``);
5. a remembered refusal: that refusal again, even when the stream moved on since;
6. a stale ``expected_version``: STALE_VERSION; else decide. A refusal is given only on
   the stream's latest state (the load is done again when it may have lagged), and a
   final refusal is remembered;
7. append with the version decided on and the command id; ``ConcurrencyConflict`` (a
   lost race) releases the hold and starts again, ``attempts`` times at most.

What identifies a command is one value, :class:`Identified`, handed to every step: what
the cycle remembers of a command (its refusal today) is keyed by it, so remembering more
with the command id (what the command said, who sent it) adds fields there and a check in
:meth:`CommandCycle._judge`, without reshaping the steps.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from president.contract import Accepted, Rejected, RejectionCode
from president.game import Refusal
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
    """The NATS identity that sent it (``president.bus.identity.requester_of``), if known."""


class Held(Protocol[S_co]):
    """A stream held for one decision of one command, with what is remembered of it."""

    @property
    def rejection(self) -> dict[str, Any] | None:
        """The reply a previous decision of this command refused it with, if any."""
        ...

    async def remember(self, reply: dict[str, Any]) -> None:
        """Record this decision's refusal: resends of the command get it back."""
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
            rejected = rejection(known.command_id, verdict.code, verdict.detail)
            if verdict.final:
                await held.remember(rejected.model_dump(mode="json"))
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
            return earlier
        if held.rejection is not None:
            return Rejected.model_validate_json(json.dumps(held.rejection))
        expected, version = known.expected_version, self.version(state)
        if expected is not None and expected != version:
            detail = f"expected version {expected}, {known.stream_id} is at {version}"
            return Refusal(RejectionCode.STALE_VERSION, detail, final=True)
        return self.decide(command, state)

    # -- what a service plugs in ------------------------------------------------

    @abstractmethod
    def identify(self, command: C) -> Identified:
        """The stream ``command`` writes, its id and the version it expects."""

    @abstractmethod
    def hold(self, command: Identified) -> AbstractAsyncContextManager[Held[S]]:
        """Hold the command's stream for one decision."""

    @abstractmethod
    def version(self, state: S) -> int:
        """The stream version ``state`` was folded up to."""

    async def admit(self, command: C, state: S) -> Refusal | None:
        """A refusal of the sender, before anything else is told (default: none)."""
        return None

    @abstractmethod
    def earlier(self, command: Identified, state: S) -> Accepted | Rejected | None:
        """The reply of the command's first time, when the stream holds its events (or a
        refusal to give it: another identity sent the command id first)."""

    @abstractmethod
    def decide(self, command: C, state: S) -> list[NewEvent] | Refusal:
        """The events the command causes, or its refusal."""

    @abstractmethod
    async def append(
        self, command: Identified, state: S, events: Sequence[NewEvent]
    ) -> Accepted | Rejected:
        """Append ``events`` at ``version(state)`` with the command id; the reply."""

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


def rejection(command_id: str | None, code: RejectionCode, detail: str) -> Rejected:
    """A ``Rejected`` reply."""
    return Rejected(command_id=command_id, code=code, detail=detail)
