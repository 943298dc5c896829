"""parse_command: every request becomes a typed command or a MALFORMED rejection."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from president.contract import (
    CreateTable,
    GetView,
    Pass,
    PlayCards,
    Rejected,
    RejectionCode,
    ReturnCards,
    Subjects,
    TakeSeat,
    parse_command,
)

S = Subjects("president")


def _game(body: dict[str, object], table_id: str = "t1") -> object:
    return parse_command(S.game_command(table_id), json.dumps(body).encode())


def test_a_play_on_a_game_subject_is_a_play_for_that_table() -> None:
    body = {"type": "PlayCards", "command_id": "c1", "seat": 2, "seat_token": "k", "cards": ["3C"]}
    command = _game(body)
    assert command == PlayCards(
        command_id="c1", table_id="t1", seat=2, seat_token="k", cards=["3C"]
    )


def test_pass_return_and_get_view_are_told_apart_by_type() -> None:
    base = {"command_id": "c", "seat": 0, "seat_token": "k"}
    assert isinstance(_game({**base, "type": "Pass"}), Pass)
    assert isinstance(_game({**base, "type": "ReturnCards", "cards": ["3C", "4D"]}), ReturnCards)
    assert isinstance(_game({**base, "type": "GetView"}), GetView)


def test_a_table_command_is_named_by_its_subject() -> None:
    raw = b'{"command_id": "c", "table_id": "t9", "player_name": "Ana"}'
    command = parse_command(S.table_command("TakeSeat"), raw)
    assert command == TakeSeat(command_id="c", table_id="t9", player_name="Ana")


def test_create_table_reads_options_and_ai_seats() -> None:
    raw = json.dumps(
        {"command_id": "c", "players": 5, "options": {"rounds": 3}, "ai_seats": {"1": "hard"}}
    ).encode()
    command = parse_command(S.table_command("CreateTable"), raw)
    assert isinstance(command, CreateTable)
    assert command.players == 5 and command.options.rounds == 3
    assert command.ai_seats == {1: "hard"}


def _malformed(result: object) -> Rejected:
    assert isinstance(result, Rejected), result
    assert result.code is RejectionCode.MALFORMED
    return result


def test_invalid_json_is_malformed() -> None:
    _malformed(parse_command(S.game_command("t1"), b"{not json"))
    _malformed(parse_command(S.game_command("t1"), b"\xff\xfe"))
    _malformed(parse_command(S.game_command("t1"), b"[1, 2]"))


def test_a_malformed_command_keeps_its_command_id_in_the_rejection() -> None:
    rejected = _malformed(_game({"type": "PlayCards", "command_id": "c7", "seat": 0}))
    assert rejected.command_id == "c7"


def test_types_are_not_coerced() -> None:
    base = {"type": "Pass", "command_id": "c", "seat_token": "k"}
    _malformed(_game({**base, "seat": "1"}))
    _malformed(_game({**base, "seat": True}))
    _malformed(_game({**base, "seat": 1, "extra": 1}))


def test_unknown_commands_and_versions_are_malformed() -> None:
    _malformed(_game({"type": "Cheat", "command_id": "c"}))
    _malformed(parse_command(S.table_command("Cheat"), b"{}"))
    future = {"type": "Pass", "command_id": "c", "seat": 0, "seat_token": "k"}
    _malformed(_game({**future, "schema_version": 2}))


def test_a_body_naming_another_table_is_malformed() -> None:
    body = {"type": "Pass", "command_id": "c", "seat": 0, "seat_token": "k", "table_id": "t2"}
    _malformed(_game(body, "t1"))


def test_a_subject_that_is_not_a_command_is_malformed() -> None:
    _malformed(parse_command("president.evt.table.t1.public", b"{}"))


@given(st.binary(max_size=200), st.sampled_from(["game.t1", "table.CreateTable", "x"]))
def test_never_raises_on_any_bytes(raw: bytes, tail: str) -> None:
    result = parse_command(f"president.cmd.{tail}", raw)
    assert result is not None


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(_JSON)
def test_never_raises_on_any_json(value: object) -> None:
    raw = json.dumps(value).encode()
    assert parse_command(S.game_command("t1"), raw) is not None
    assert parse_command(S.table_command("TakeSeat"), raw) is not None
