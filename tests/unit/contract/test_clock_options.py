"""The turn clock's table options: validated and carried by CreateTable (the clock each
seat gets of them: tests/unit/game/test_seat_clocks.py)."""

from __future__ import annotations

import json

import pytest
from president.contract import CreateTable, Rejected, RejectionCode, TableOptions, parse_command
from pydantic import ValidationError


def test_a_table_without_clock_options_has_no_clock() -> None:
    options = TableOptions()
    assert not options.clocked
    assert options.takeover_level == "easy" and options.away_after == 2


def test_a_clock_of_either_phase_makes_a_clocked_table() -> None:
    assert TableOptions(turn_seconds=2).clocked and TableOptions(exchange_seconds=5).clocked


@pytest.mark.parametrize(
    "bad",
    [
        {"turn_seconds": 0},
        {"turn_seconds": -1},
        {"exchange_seconds": 100_000},
        {"takeover_level": "genius"},
        {"away_after": 0},
        {"turn_seconds": "fast"},
    ],
)
def test_bad_clock_options_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        TableOptions.model_validate(bad)


def test_create_table_carries_the_clock_and_refuses_a_bad_one() -> None:
    body = {"command_id": "c", "players": 4, "options": {"turn_seconds": 1.5, "away_after": 3}}
    command = parse_command("president.cmd.table.CreateTable", json.dumps(body).encode())
    assert isinstance(command, CreateTable)
    assert command.options.turn_seconds == 1.5 and command.options.away_after == 3
    body["options"] = {"turn_seconds": 0.01}
    refused = parse_command("president.cmd.table.CreateTable", json.dumps(body).encode())
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.MALFORMED
