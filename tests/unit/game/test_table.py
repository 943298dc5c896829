"""The table stream's pure fold and decisions, and the seat tokens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from president.contract import AILevel, CreateTable, RejectionCode
from president.game import Fact, TableState, fold_table, seat_token, token_sha256
from president.game.fold import Appended
from president.game.table import (
    decide_close,
    decide_create,
    decide_seat_ai,
    decide_start_request,
    decide_take_seat,
    opener_refusal,
)
from president.rules import Refusal


def _recorded(version: int, type: str, data: Mapping[str, Any], by: str | None = None) -> Appended:
    """An event as the store records it (``by``: the sender its metadata names)."""
    return Appended(version, version, type, data, {} if by is None else {"requested_by": by})


class Table:
    """A table's event log in memory, folded after every decision."""

    def __init__(self, table_id: str, players: int = 4, **ai: AILevel):
        self.log: list[Appended] = []
        command = CreateTable(
            command_id="c", players=players, ai_seats={int(k[1:]): v for k, v in ai.items()}
        )
        self.state = TableState(table_id)
        self.record(decide_create(self.state, command))

    def record(self, facts: list[Fact] | Refusal) -> TableState:
        assert not isinstance(facts, Refusal), facts
        self.log += [_recorded(len(self.log) + n, f.type, f.data) for n, f in enumerate(facts, 1)]
        self.state = fold_table(self.state.table_id, self.log)
        return self.state


def _create(table_id: str, players: int = 4, **ai: AILevel) -> TableState:
    return Table(table_id, players, **ai).state


def test_a_new_table_has_free_seats_except_those_kept_for_ais() -> None:
    state = _create("a", players=5, s1=AILevel.HARD)
    assert [s.kind for s in state.seats] == ["free", "ai", "free", "free", "free"]
    assert state.seats[1].level is AILevel.HARD
    assert state.version == 2  # TableCreated + AISeated


def test_a_table_is_created_once() -> None:
    state = _create("b")
    refusal = decide_create(state, CreateTable(command_id="again"))
    assert isinstance(refusal, Refusal) and refusal.code is RejectionCode.TABLE_EXISTS


def test_ai_seats_outside_the_table_are_invalid_options() -> None:
    command = CreateTable(command_id="c", players=3, ai_seats={4: AILevel.EASY})
    refusal = decide_create(TableState("c"), command)
    assert isinstance(refusal, Refusal) and refusal.code is RejectionCode.INVALID_OPTIONS


def test_a_person_takes_the_lowest_free_seat_unless_one_is_named() -> None:
    table = Table("d", s0=AILevel.EASY)
    state = table.record(
        decide_take_seat(table.state, seat=None, player_name="Ana", token_sha256="h")
    )
    assert state.seats[1].kind == "human" and state.seats[1].token_sha256 == "h"
    state = table.record(decide_take_seat(state, seat=3, player_name="Bo", token_sha256="i"))
    assert state.free_seats == (2,)


def test_seating_refusals_name_their_reason() -> None:
    table = Table("e", players=3, s0=AILevel.EASY)
    state = table.state
    taken = decide_take_seat(state, seat=0, player_name="Ana", token_sha256="h")
    outside = decide_seat_ai(state, seat=3, level=AILevel.EASY)
    missing = decide_take_seat(TableState("nope"), seat=None, player_name="x", token_sha256="h")
    assert isinstance(taken, Refusal) and taken.code is RejectionCode.SEAT_TAKEN
    assert isinstance(outside, Refusal) and outside.code is RejectionCode.UNKNOWN_SEAT
    assert isinstance(missing, Refusal) and missing.code is RejectionCode.UNKNOWN_TABLE
    table.record(decide_seat_ai(table.state, seat=None, level=AILevel.EASY))
    state = table.record(decide_seat_ai(table.state, seat=None, level=AILevel.EASY))
    full = decide_seat_ai(state, seat=None, level=AILevel.EASY)
    assert isinstance(full, Refusal) and full.code is RejectionCode.TABLE_FULL


def started(table_id: str) -> Table:
    table = Table(table_id, players=3, s0=AILevel.EASY, s1=AILevel.EASY)
    early = decide_start_request(table.state)
    assert isinstance(early, Refusal) and early.code is RejectionCode.NOT_ENOUGH_PLAYERS
    table.record(decide_seat_ai(table.state, seat=2, level=AILevel.MEDIUM))
    table.record(decide_start_request(table.state))
    return table


def test_the_game_starts_once_every_seat_is_filled_and_then_seating_stops() -> None:
    state = started("f").state
    assert state.start_requested
    again = decide_start_request(state)
    assert isinstance(again, Refusal) and again.code is RejectionCode.GAME_ALREADY_STARTED


def test_unknown_event_types_leave_the_table_as_it_was() -> None:
    table = Table("g")
    later = _recorded(2, "SomethingLater", {"x": 1})
    assert fold_table("g", [*table.log, later]).seats == table.state.seats


def test_seat_tokens_are_stable_per_command_and_differ_between_commands() -> None:
    first = seat_token("secret", "t1", "cmd-1")
    assert first == seat_token("secret", "t1", "cmd-1")
    assert (
        len({first, seat_token("secret", "t1", "cmd-2"), seat_token("other", "t1", "cmd-1")}) == 3
    )
    assert len(first) == 43 and len(token_sha256(first)) == 64


def _opened(by: str | None) -> TableState:
    """A table whose TableCreated was written by ``by`` (None: an event of before
    ``requested_by`` was recorded: no sender in its metadata)."""
    created = decide_create(TableState("o"), CreateTable(command_id="c", players=3))
    assert not isinstance(created, Refusal)
    (fact,) = created
    return fold_table("o", [_recorded(1, fact.type, fact.data, by)])


def test_the_public_lobby_seats_people_only_at_the_tables_it_opened() -> None:
    assert _opened("web").opened_by == "web"
    assert opener_refusal(_opened("web"), "web", "web") is None
    for table in (_opened("acme-integrator"), _opened(None)):
        refusal = opener_refusal(table, "web", "web")
        assert refusal is not None and refusal.code is RejectionCode.FORBIDDEN
    # the platform's identities are trusted with every table; no table: the decision's
    assert opener_refusal(_opened("web"), "integrator", "integrator") is None
    assert opener_refusal(TableState("none"), "web", "web") is None


def _closed(state: TableState, by: str | None) -> TableState:
    facts = decide_close(state, by)
    assert not isinstance(facts, Refusal), facts
    data = [_recorded(state.version + n, f.type, f.data) for n, f in enumerate(facts, 1)]
    created = decide_create(TableState(state.table_id), CreateTable(command_id="c", players=3))
    assert not isinstance(created, Refusal)
    (fact,) = created
    return fold_table(state.table_id, [_recorded(1, fact.type, fact.data, by), *data])


def test_only_its_opener_closes_an_unstarted_table_and_then_nothing_happens_there() -> None:
    refused = decide_close(_opened("acme-integrator"), "web")
    assert isinstance(refused, Refusal) and refused.code is RejectionCode.FORBIDDEN
    closed = _closed(_opened("web"), "web")
    assert closed.closed and decide_close(closed, "web") == []  # idempotent
    for decided in (
        decide_take_seat(closed, seat=None, player_name="Ann", token_sha256="x"),
        decide_seat_ai(closed, seat=None, level=AILevel.EASY),
        decide_start_request(closed),
    ):
        assert isinstance(decided, Refusal) and decided.code is RejectionCode.TABLE_CLOSED


def test_a_started_or_unknown_table_is_not_closed() -> None:
    table = Table("s", players=3, s1=AILevel.EASY, s2=AILevel.EASY)
    table.record(decide_take_seat(table.state, seat=0, player_name="Ann", token_sha256="x"))
    table.record(decide_start_request(table.state))
    started = decide_close(table.state, None)
    assert isinstance(started, Refusal) and started.code is RejectionCode.GAME_ALREADY_STARTED
    unknown = decide_close(TableState("none"), "web")
    assert isinstance(unknown, Refusal) and unknown.code is RejectionCode.UNKNOWN_TABLE
