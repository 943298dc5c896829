"""The two answers a decision gives: what a command causes, or why it changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from president.contract import RejectionCode
from president.rules.errors import RejectionParams
from president.rules.state import GameState
from president.store.model import NewEvent


@dataclass(frozen=True)
class Decided:
    """The events a command causes and, when the decision computed it, the rules state
    after them: the fold of a committed append takes it instead of replaying the rules."""

    events: list[NewEvent]
    after: GameState | None = None


@dataclass(frozen=True)
class Refusal:
    """A command that changes nothing, with its stable code."""

    code: RejectionCode
    detail: str = ""
    final: bool = False
    """A refusal of the command itself (rules, stale version): its retries get the same.
    A refusal that is not final may change with the stream (e.g. GAME_NOT_STARTED)."""
    params: RejectionParams = field(default_factory=dict)
    """The reply's ``params``: what a message for a person needs."""
