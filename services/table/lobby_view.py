"""The lobby view of one table: a pure projection of its table and game events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from president.contract import SeatInfo, TableSummary
from president.game.table import Seat, TableState, evolve

Status = Literal["open", "playing", "finished"]


def summary_of(state: TableState, status: Status) -> TableSummary:
    """The lobby summary of a folded table, with ``status`` decided by the caller."""
    return TableSummary(
        table_id=state.table_id,
        name=state.name,
        players=state.players,
        options=state.options,
        status=status,
        seats=[
            SeatInfo(
                seat=seat.seat,
                kind=seat.kind,  # type: ignore[arg-type]
                player_name=seat.player_name,
                level=seat.level,
            )
            for seat in state.seats
        ],
        version=state.version,
    )


def status_of(state: TableState, game_status: str | None = None) -> Status:
    """``finished`` once the game ended or the table was closed unstarted, ``playing``
    once asked to start, else ``open``."""
    if game_status == "finished" or state.closed:
        return "finished"
    if state.start_requested or game_status == "playing":
        return "playing"
    return "open"


def state_of(summary: TableSummary) -> TableState:
    """Back from a summary to the table state it shows (token hashes are not in the lobby)."""
    return TableState(
        table_id=summary.table_id,
        version=summary.version,
        name=summary.name,
        options=summary.options,
        seats=tuple(Seat(s.seat, s.kind, s.player_name, level=s.level) for s in summary.seats),
        start_requested=summary.status != "open",
    )


def project(
    current: TableSummary | None,
    kind: str,
    table_id: str,
    version: int,
    event_type: str,
    data: Mapping[str, Any],
) -> TableSummary | None:
    """The summary after one event of ``table-{id}`` (``kind="table"``) or ``game-{id}``.

    None while the table is unknown: a game event before its table cannot happen, but
    a projection must not fail on it.
    """
    if kind == "table":
        state = TableState(table_id) if current is None else state_of(current)
        state = replace(evolve(state, event_type, data), version=version)
        if not state.exists:
            return current
        game = None if current is None else current.status
        return summary_of(state, status_of(state, game))
    if current is None:
        return None
    if event_type == "GameEnded":
        return current.model_copy(update={"status": "finished"})
    if event_type == "GameCreated" and current.status == "open":
        return current.model_copy(update={"status": "playing"})
    return current
