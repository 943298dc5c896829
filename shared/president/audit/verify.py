"""The audit itself: hash chain, deals against seeds, and a full replay through the rules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from president.audit.account import build_account
from president.audit.clock_check import clock_problems
from president.audit.deals import check_deals
from president.audit.game import read_game
from president.audit.problems import Problem, sorted_problems
from president.audit.report import AuditReport, Checked
from president.audit.rules_check import replay_problems
from president.store import RecordedEvent
from president.store.chain import chain_problems

STREAM_PREFIX = "game-"


def game_stream_id(table_id: str) -> str:
    """The stream the engine writes a table's game to."""
    return f"{STREAM_PREFIX}{table_id}"


def audit_events(
    events: Sequence[RecordedEvent],
    table_id: str | None = None,
    *,
    known_problems: Iterable[Problem] = (),
) -> AuditReport:
    """Audit a game stream given as recorded events in stream order.

    ``table_id`` defaults to the one the stream's id names. ``known_problems`` (e.g. from
    reading a bundle) join the report. Never raises on bad content: that is a finding.
    """
    stream_id = events[0].stream_id if events else game_stream_id(table_id or "?")
    if table_id is None:
        table_id = stream_id.removeprefix(STREAM_PREFIX)
    problems = _found("bundle", known_problems)
    expected = game_stream_id(table_id)
    strays = [e.version for e in events if e.stream_id != expected]
    if strays:
        stray = Problem(
            strays[0],
            f"{len(strays)} event(s) not of stream {expected}",
            key="foreign-events",
            args={"count": len(strays)},
        )
        problems += _found("foreign_event", [stray])
    problems += _found(
        "hash_chain",
        [
            Problem(
                p.version, f"hash chain: {p.kind} ({p.detail})", key="chain", args={"kind": p.kind}
            )
            for p in chain_problems(events)
        ],
    )
    record = read_game(table_id, events)
    problems += _found("record", record.problems)
    deals, deal_problems = check_deals(record)
    problems += _found("deal", deal_problems)
    problems += _found("clock", clock_problems(record))
    replayed = 0
    if record.options is not None and record.replayable:
        problems += _found("rules", replay_problems(record.options, record.rules_events))
        replayed = len(record.rules_events)
    checked = Checked(
        events=len(events),
        chain_head=events[-1].hash if events else None,
        commitments=sum(1 for d in deals.values() if d.commitment_ok),
        deals=sum(1 for d in deals.values() if d.deal_ok),
        replayed=replayed,
    )
    account = build_account(record, deals)
    return AuditReport(expected, account, sorted_problems(problems), checked)


def _found(check: str, problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` marked with the check that found them (the verdicts' codes)."""
    return [replace(problem, check=check) for problem in problems]
