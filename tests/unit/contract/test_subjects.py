"""The subject scheme: prefixes, wildcards and stream names that never overlap."""

from __future__ import annotations

import pytest
from president.contract import RejectionCode, Subjects
from president.contract.codes import RULE_CODES
from president.contract.subjects import parse_command_subject, table_id_of_stream
from president.rules import RejectionCode as RuleCode


def test_subjects_carry_the_prefix() -> None:
    s = Subjects("acme")
    assert s.game_command("t1") == "acme.cmd.game.t1"
    assert s.table_command("CreateTable") == "acme.cmd.table.CreateTable"
    assert s.public("t1") == "acme.evt.table.t1.public"
    assert s.seat("t1", 3) == "acme.evt.table.t1.seat.3"
    assert s.prompt("t1", 3) == "acme.evt.table.t1.seat.3.prompt"
    assert s.events_stream == "ACME_EVENTS"


def test_prompt_subjects_are_outside_the_events_stream() -> None:
    s = Subjects()
    prompt = s.prompt("t1", 0).split(".")
    for pattern in s.event_subjects:
        tokens = pattern.split(".")
        assert len(tokens) != len(prompt) or ">" in tokens


def test_a_bad_prefix_is_refused() -> None:
    with pytest.raises(ValueError):
        Subjects("a b")


def test_command_subjects_are_recognised_under_any_prefix() -> None:
    assert parse_command_subject("x.y.cmd.game.t1") == ("game", "t1")
    assert parse_command_subject("president.cmd.table.TakeSeat") == ("table", "TakeSeat")
    assert parse_command_subject("president.evt.table.t1.public") is None


def test_stream_ids_name_their_table() -> None:
    assert table_id_of_stream("game-abc-1") == ("game", "abc-1")
    assert table_id_of_stream("other") is None


def test_the_rules_and_the_contract_share_one_code_enum_whose_rule_codes_come_first() -> None:
    assert RuleCode is RejectionCode
    assert list(RejectionCode)[: len(RULE_CODES)] == sorted(
        RULE_CODES, key=list(RejectionCode).index
    )
    assert RejectionCode.NOT_HIGHER in RULE_CODES
    assert RejectionCode.MALFORMED not in RULE_CODES and len(RULE_CODES) == 12
