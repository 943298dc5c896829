"""From a relayed event's headers to the game's end, and from an audit report to a verdict."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from president.audit import AuditReport
from president.contract.headers import EVENT_ID, EVENT_TYPE, STREAM_ID, VERSION
from president.contract.subjects import table_id_of_stream
from president.contract.verdicts import (
    AuditCheck,
    AuditFailed,
    AuditPassed,
    AuditProblem,
    Verdict,
)

log = logging.getLogger(__name__)

GAME_ENDED, ROUND_ENDED = "GameEnded", "RoundEnded"


@dataclass(frozen=True)
class GameEnd:
    """A game's ``GameEnded`` event (``round_end``: one of its ``RoundEnded``), as its
    relayed message's headers name it."""

    table_id: str
    stream_id: str
    event_id: str
    version: int
    round_end: bool = False


def game_end(headers: Mapping[str, str], *, rounds: bool = False) -> GameEnd | None:
    """The game's end (``rounds``: or a round's end) a public event message announces
    (None: another event, or a message without the relay's headers). Headers, not the
    payload: a message the relay withheld keeps them, so its game still gets a verdict."""
    event_type = headers.get(EVENT_TYPE)
    if event_type != GAME_ENDED and not (rounds and event_type == ROUND_ENDED):
        return None
    stream_id, event_id, version = (headers.get(h) for h in (STREAM_ID, EVENT_ID, VERSION))
    kind = None if stream_id is None else table_id_of_stream(stream_id)
    if kind is None or kind[0] != "game" or event_id is None or not (version or "").isdigit():
        log.warning("auditor: a %s message without the relay's headers: %s", event_type, headers)
        return None
    assert stream_id is not None and version is not None
    return GameEnd(kind[1], stream_id, event_id, int(version), event_type == ROUND_ENDED)


def verdict_of(report: AuditReport, end: GameEnd, round_number: int | None = None) -> Verdict:
    """The verdict the report gives on the game (``round_number``: the round) ``end``
    closes: codes and versions only."""
    fields: dict[str, object] = {
        "round": round_number,
        "table_id": end.table_id,
        "stream_id": end.stream_id,
        "event_id": end.event_id,
        "ended_version": end.version,
        "events": report.checked.events,
        "chain_head": report.checked.chain_head,
        "replayed": report.checked.replayed,
    }
    if report.ok:
        return AuditPassed.model_validate(fields)
    problems = tuple(
        AuditProblem(code=cast(AuditCheck, p.check or "record"), version=p.version)
        for p in report.problems
    )
    return AuditFailed.model_validate({**fields, "problems": problems})
