"""Nothing inbound is coerced (issue 22): booleans, integers and numbers are JSON ones,
``ai_seats`` keys are canonical seat numbers, no key appears twice; what is stored still
reads."""

from __future__ import annotations

import json
from typing import Any

import pytest
from president.contract import (
    CreateTable,
    DecisionRequest,
    Rejected,
    RejectionCode,
    TableOptions,
    parse_command,
)
from president.game.events import GameCreated, TableCreated
from pydantic import ValidationError

CREATE = "president.cmd.table.CreateTable"
GAME = "president.cmd.game.t1"
TOKEN = "A" * 43


def _code(subject: str, body: dict[str, Any] | bytes) -> RejectionCode | None:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    reply = parse_command(subject, raw)
    return reply.code if isinstance(reply, Rejected) else None


LOOSE_OPTIONS = [
    {"revolution": "no"},
    {"revolution": "off"},
    {"revolution": 0},
    {"revolution": "TRUE"},
    {"rounds": "2"},
    {"rounds": 2.0},
    {"rounds": True},
    {"turn_seconds": "5"},
    {"turn_seconds": True},
    {"exchange_seconds": "1.5"},
    {"away_after": "3"},
    {"away_after": True},
]


@pytest.mark.parametrize("options", LOOSE_OPTIONS, ids=json.dumps)
def test_a_loose_option_value_is_malformed(options: dict[str, Any]) -> None:
    assert _code(CREATE, {"command_id": "c", "options": options}) is RejectionCode.MALFORMED


@pytest.mark.parametrize("options", LOOSE_OPTIONS, ids=json.dumps)
def test_table_options_refuse_it_in_python_too(options: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        TableOptions.model_validate(options)


def test_json_booleans_integers_and_numbers_are_taken() -> None:
    body = {
        "command_id": "c",
        "options": {"revolution": False, "rounds": 3, "turn_seconds": 5, "away_after": None},
    }
    command = parse_command(CREATE, json.dumps(body).encode())
    assert isinstance(command, CreateTable)
    assert command.options.revolution is False and command.options.rounds == 3
    assert command.options.turn_seconds == 5.0 and command.options.away_after is None


@pytest.mark.parametrize(
    "raw",
    [
        b'{"command_id": "c", "ai_seats": {"01": "easy"}}',
        b'{"command_id": "c", "ai_seats": {" 1": "easy"}}',
        b'{"command_id": "c", "ai_seats": {"1 ": "easy"}}',
        b'{"command_id": "c", "ai_seats": {"+1": "easy"}}',
        b'{"command_id": "c", "ai_seats": {"-1": "easy"}}',
        b'{"command_id": "c", "ai_seats": {"01": "easy", "1": "hard"}}',
        b'{"command_id": "c", "ai_seats": {"1": "easy", "1": "hard"}}',
    ],
    ids=lambda raw: raw.decode()[32:],
)
def test_ai_seats_keys_are_canonical_seat_numbers_and_once_each(raw: bytes) -> None:
    assert _code(CREATE, raw) is RejectionCode.MALFORMED


def test_canonical_ai_seats_keys_are_taken() -> None:
    command = parse_command(CREATE, b'{"command_id": "c", "ai_seats": {"0": "easy", "3": "hard"}}')
    assert isinstance(command, CreateTable)
    assert command.ai_seats == {0: "easy", 3: "hard"}


def test_a_key_twice_in_any_command_is_malformed() -> None:
    raw = (
        b'{"command_id": "c", "type": "Pass", "seat": 0, "seat": 1, "seat_token": "'
        + TOKEN.encode()
    )
    assert _code(GAME, raw + b'"}') is RejectionCode.MALFORMED
    once = b'{"command_id": "c", "type": "Pass", "seat": 1, "seat_token": "' + TOKEN.encode()
    assert _code(GAME, once + b'"}') is None


@pytest.mark.parametrize(
    ("subject", "body"),
    [
        (CREATE, {"command_id": "c", "players": "4"}),
        (CREATE, {"command_id": "c", "players": 4.0}),
        (CREATE, {"command_id": "c", "expected_version": "0"}),
        ("president.cmd.table.TakeSeat", {"command_id": "c", "table_id": "t", "seat": "1"}),
        ("president.cmd.table.SeatAI", {"command_id": "c", "table_id": "t", "seat": True}),
        (GAME, {"command_id": "c", "type": "Pass", "seat": 1.0, "seat_token": TOKEN}),
        (GAME, {"command_id": "c", "type": "GetView", "seat": "0", "seat_token": TOKEN}),
        (GAME, {"command_id": "c", "type": "PlayCards", "seat": 0, "seat_token": 7, "cards": []}),
        (GAME, {"command_id": 5, "type": "Back", "seat": 0, "seat_token": TOKEN}),
    ],
)
def test_every_other_command_refuses_coercions(subject: str, body: dict[str, Any]) -> None:
    assert _code(subject, body) is RejectionCode.MALFORMED


def test_the_ai_workers_decision_input_refuses_coercions() -> None:
    with pytest.raises(ValidationError):
        DecisionRequest.model_validate_json(
            json.dumps({"table_id": "t", "seat": "1", "seat_token": "x", "level": "easy"})
        )


def test_stored_table_and_game_events_still_read() -> None:
    """Stored data comes back from JSONB: seat keys as strings, numbers as JSON gave them."""
    options = {"revolution": False, "rounds": 2, "round_leader": "president", "turn_seconds": 5}
    table = TableCreated.model_validate(
        {"table_id": "t", "players": 4, "options": options, "ai_seats": {"1": "hard"}}
    )
    assert table.ai_seats == {1: "hard"} and table.options.turn_seconds == 5.0
    game = GameCreated.model_validate(
        {"table_id": "t", "rules_version": "r", "players": 3, "options": options, "seats": []}
    )
    assert game.rules_options().revolution is False
