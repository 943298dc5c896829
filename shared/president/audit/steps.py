"""The replay an auditor steps through (the web page's ``/api/replay``): the audit's verdict,
and every deal and decision of the finished rounds with the whole table after it, every
hand shown, from the rules replay the audit itself runs (``president.rules.replay_states``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from president.audit.game import read_game
from president.audit.report import AuditReport
from president.audit.text import checked_counts
from president.audit.verify import audit_events
from president.rules import ReplayError, replay_states
from president.rules.cards import mask_names
from president.rules.events import CardsPlayed, CardsReturned, Event, Passed, RoundDealt
from president.rules.state import GameState
from president.store import RecordedEvent

_SEAT_FIELDS = ("seat", "kind", "player_name", "level")
"""What the page shows of a seat (never its token's hash, nor the identity that took it)."""


def replay_document(events: Sequence[RecordedEvent], table_id: str) -> dict[str, Any]:
    """The verdict of ``events`` (a game stream in order) and the steps of its finished
    rounds (a round still in play, and anything past a rule broken, is left out)."""
    report = audit_events(events, table_id)
    return {
        "table_id": table_id,
        "verdict": _verdict(report),
        "seats": [{k: seat.get(k) for k in _SEAT_FIELDS} for seat in report.account.seats],
        "options": report.account.options,
        "final_scores": list(report.account.final_scores or ()) or None,
        "steps": _steps(events, table_id, {r.number for r in report.account.rounds if r.ended}),
    }


def _verdict(report: AuditReport) -> dict[str, Any]:
    return {
        "ok": report.ok,
        **checked_counts(report),
        "rounds": [
            {
                "round": r.number,
                "ended": r.ended,
                "commitment_ok": None if r.deal is None else r.deal.commitment_ok,
                "deal_ok": None if r.deal is None else r.deal.deal_ok,
            }
            for r in report.account.rounds
        ],
        "problems": [{**p.to_dict(), "check": p.check} for p in report.problems],
    }


def _steps(
    events: Sequence[RecordedEvent], table_id: str, finished: set[int]
) -> list[dict[str, Any]]:
    record = read_game(table_id, events)
    if not record.replayable or record.options is None:
        return []
    versions = [version for version, _ in record.rules_events]
    steps: list[dict[str, Any]] = []
    try:
        for index, event, state, derived in replay_states(
            record.options, (event for _, event in record.rules_events)
        ):
            if state.round not in finished:
                break  # the round in play keeps its cards secret
            if derived and steps:
                steps[-1]["then"].append({"type": event.type, **event.public_data()})
                steps[-1]["table"] = _table(state)  # what the decision's derived events made
            elif not derived:
                steps.append(_step(versions[index], event, state))
    except ReplayError:
        pass  # the verdict locates it; the steps end with the last one that followed
    return steps


def _step(version: int, event: Event, state: GameState) -> dict[str, Any]:
    step: dict[str, Any] = {"version": version, "round": state.round, "type": event.type}
    if isinstance(event, CardsPlayed):
        step.update(seat=event.seat, cards=list(event.cards))
    elif isinstance(event, Passed):
        step.update(seat=event.seat)
    elif isinstance(event, CardsReturned):
        step.update(seat=event.giver, receiver=event.receiver, cards=list(event.cards))
    elif isinstance(event, RoundDealt):
        step.update(seat=event.leader, hands=[list(hand) for hand in event.hands])
    step["then"] = []
    step["table"] = _table(state)
    return step


def _table(state: GameState) -> dict[str, Any]:
    """The whole table after a step: every hand, the trick so far, who is to act."""
    trick = state.history[state.trick_start :]
    return {
        "phase": state.phase.value,
        "hands": [list(mask_names(hand)) for hand in state.hands],
        "trick": [{"seat": m.seat, "cards": list(m.cards)} for m in trick],
        "to_act": state.to_act,
        "reversed": state.reversed,
        "finished": list(state.finished),
        "scores": list(state.scores),
        "transfers": [
            {"giver": t.giver, "receiver": t.receiver, "cards": list(t.cards)}
            for t in state.transfers
        ],
    }
