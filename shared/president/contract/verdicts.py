"""The auditor's verdicts, one per finished game (and per round's end, on a setting):
``AuditPassed`` / ``AuditFailed`` on ``{prefix}.audit.verdict.<table_id>``, codes, ids and
numbers only (message id ``verdict:<event_id>``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from president.contract.base import Message, TableId

AuditCheck = Literal["foreign_event", "hash_chain", "record", "deal", "clock", "rules", "bundle"]
"""Which check of the audit found a problem (``president.audit.verify.audit_events``)."""


class AuditProblem(BaseModel):
    """One problem: the check that found it, and the stream version of the offending
    event (None: the stream as a whole)."""

    model_config = ConfigDict(
        extra="forbid", strict=True, frozen=True, json_schema_serialization_defaults_required=True
    )

    code: AuditCheck
    version: int | None


class AuditVerdict(Message):
    """Common part of a verdict: which game's end (or round's end) it is about and what
    was checked."""

    table_id: TableId
    stream_id: str
    event_id: str
    """The id of the game's ``GameEnded`` event (of the round's ``RoundEnded``: ``round``)."""
    ended_version: int
    """Its stream version."""
    round: int | None = None
    """The round whose end this verdict is on, the game audited up to the transaction that
    ended it (``PRESIDENT_AUDITOR_EVERY_ROUND``); None: the game's end, the whole game."""
    events: int
    """Events of the stream audited."""
    chain_head: str | None
    replayed: int
    """Rules events replayed."""


class AuditPassed(AuditVerdict):
    """The game's record checks: chain, deals, clock and a full replay by the rules."""

    type: Literal["AuditPassed"] = "AuditPassed"


class AuditFailed(AuditVerdict):
    """The audit found problems in the game's record (at least one)."""

    type: Literal["AuditFailed"] = "AuditFailed"
    problems: tuple[AuditProblem, ...]


Verdict = AuditPassed | AuditFailed


def verdict_msg_id(event_id: str) -> str:
    """The JetStream message id of the verdict on the game ended by event ``event_id``."""
    return f"verdict:{event_id}"
