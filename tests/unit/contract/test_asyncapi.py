"""The committed AsyncAPI document is the one the code generates, and it hangs together."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from president.contract import (
    GAME_COMMANDS,
    TABLE_COMMANDS,
    Accepted,
    AILevel,
    DecisionRequest,
    LobbyEvent,
    PublicEvent,
    Rejected,
    RejectionCode,
    SeatClock,
    SeatEvent,
    SeatInfo,
    SeatView,
    Subjects,
    TableInfo,
    TableList,
    TableOptions,
    TableSummary,
    TurnEnded,
    TurnPrompt,
    ViewReply,
    parse_command,
)
from president.contract.verdicts import AuditFailed, AuditPassed, AuditProblem
from president.rules import Options, apply_deal, deal_from_seed, new_game, observe
from president_tools.asyncapi.document import _REF, build, render
from pydantic import BaseModel
from typer.testing import CliRunner

from tests.support import asyncapi_errors, payload_errors

DOCUMENT = Path(__file__).resolve().parents[3] / "docs" / "asyncapi.json"


def test_the_committed_document_is_not_stale() -> None:
    assert DOCUMENT.read_text(encoding="utf-8") == render(), (
        "docs/asyncapi.json is stale: run `president asyncapi -o docs/asyncapi.json`"
    )


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


def _resolve(document: dict[str, Any], ref: str) -> Any:
    node: Any = document
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def test_every_reference_resolves() -> None:
    document = build()
    for ref in _refs(document):
        assert _resolve(document, ref) is not None, ref


def test_every_command_and_code_is_documented() -> None:
    document = build()
    messages = document["components"]["messages"]
    for name in (*TABLE_COMMANDS, *GAME_COMMANDS):
        assert name in messages
    codes = document["components"]["schemas"]["RejectionCode"]["enum"]
    assert codes == [code.value for code in RejectionCode]
    assert document["channels"]["gameCommands"]["address"] == "president.cmd.game.{table_id}"


def test_the_command_prints_and_checks_the_document(tmp_path: Path) -> None:
    from president_tools.cli import app

    runner = CliRunner()
    assert json.loads(runner.invoke(app, ["asyncapi"]).stdout)["asyncapi"] == "3.0.0"
    stale = tmp_path / "asyncapi.json"
    stale.write_text("{}")
    assert runner.invoke(app, ["asyncapi", "--check", str(stale)]).exit_code == 1
    assert runner.invoke(app, ["asyncapi", "-o", str(stale)]).exit_code == 0
    assert runner.invoke(app, ["asyncapi", "--check", str(stale)]).exit_code == 0


def test_the_document_is_valid_asyncapi_3() -> None:
    errors = sorted(asyncapi_errors(build()), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message[:300]}" for e in errors)


def test_the_validator_catches_a_wrong_document() -> None:
    document = build()
    document["operations"]["sendGameCommand"]["action"] = "publish"  # AsyncAPI 2 wording
    document["components"]["messages"]["PublicEvent"]["headers"] = {"type": "strng"}
    assert len(list(asyncapi_errors(document))) == 2


def test_no_message_leaves_its_payload_open() -> None:
    schemas = build()["components"]["schemas"]
    opened = [name for name, schema in schemas.items() if schema.get("additionalProperties")]
    assert opened == []
    assert schemas["TurnPrompt"]["properties"]["view"] == {"$ref": _REF.format(model="SeatView")}


# A body of every command with every field (valid), as a client may send it.
_FULL: dict[str, dict[str, Any]] = {
    "CreateTable": {
        "type": "CreateTable",
        "command_id": "c",
        "expected_version": 0,
        "table_id": "t1",
        "name": "n",
        "players": 4,
        "options": {"revolution": True, "rounds": 1, "round_leader": "asshole"},
        "ai_seats": {"1": "easy"},
    },
    "TakeSeat": {"command_id": "c", "table_id": "t1", "seat": 1, "player_name": "Ana"},
    "SeatAI": {"command_id": "c", "table_id": "t1", "seat": 1, "level": "hard"},
    "StartGame": {"command_id": "c", "table_id": "t1"},
    "CloseTable": {"command_id": "c", "table_id": "t1"},
    "ListTables": {"command_id": "c", "status": "open"},
    "GetTable": {"command_id": "c", "table_id": "t1"},
    "PlayCards": {"command_id": "c", "seat": 1, "seat_token": "k", "cards": ["3C"]},
    "Pass": {"command_id": "c", "seat": 1, "seat_token": "k"},
    "ReturnCards": {"command_id": "c", "seat": 1, "seat_token": "k", "cards": ["3C", "4C"]},
    "Leave": {"command_id": "c", "seat": 1, "seat_token": "k"},
    "Away": {"command_id": "c", "seat": 1, "seat_token": "k"},
    "Back": {"command_id": "c", "seat": 1, "seat_token": "k"},
    "GetView": {"command_id": "c", "seat": 1, "seat_token": "k"},
}


def _send(name: str, body: dict[str, Any]) -> object:
    if name in TABLE_COMMANDS:
        return parse_command(Subjects().table_command(name), json.dumps(body).encode())
    return parse_command(Subjects().game_command("t1"), json.dumps(body).encode())


@pytest.mark.parametrize("name", [*TABLE_COMMANDS, *GAME_COMMANDS])
def test_a_command_field_is_required_in_the_document_exactly_when_the_service_needs_it(
    name: str,
) -> None:
    schema = build()["components"]["schemas"][name]
    base = {"schema_version": 1, "type": name, "table_id": "t1", "expected_version": 0}
    base.update(_FULL[name])
    full = {key: value for key, value in base.items() if key in schema["properties"]}
    assert set(full) == set(schema["properties"]), "the full body names every field"
    assert not isinstance(_send(name, full), Rejected)
    for field in schema["properties"]:
        body = {key: value for key, value in full.items() if key != field}
        needed = isinstance(_send(name, body), Rejected)
        assert needed == (field in schema.get("required", [])), field


def _example_messages() -> list[BaseModel]:
    """One message of each kind the services send, with a real view."""
    state = apply_deal(new_game(Options(players=4)), deal_from_seed("s", 4, 0)).state
    assert state.to_act is not None
    view = SeatView.of(observe(state, state.to_act))
    deadline = datetime(2026, 12, 1, 16, 0, 0, 250_000, tzinfo=UTC)
    clock = SeatClock(deadline=deadline, seconds_left=1.5, timeouts_in_row=1)
    common: dict[str, Any] = {
        "table_id": "t1",
        "stream_id": "game-t1",
        "version": 3,
        "position": 17,
        "event_id": "1f0e4a52-3c8e-4c55-9d8e-3b8f6a0c9e21",
        "event_type": "CardsPlayed",
        "data": {"seat": 0, "cards": ["3C"]},
    }
    verdict: dict[str, Any] = {
        "table_id": "t1",
        "stream_id": "game-t1",
        "event_id": common["event_id"],
        "ended_version": 254,
        "events": 254,
        "chain_head": "d46476cefc9ce5946a9baaf6b97d25bd0e39f0aacee839c7960400b43e9cc2f2",
        "replayed": 230,
    }
    summary = TableSummary(
        table_id="t1",
        players=4,
        options=TableOptions(),
        status="open",
        seats=[SeatInfo(seat=0, kind="free")],
    )
    return [
        Accepted(command_id="c", stream_id="game-t1", first_version=1, last_version=2),
        Rejected(code=RejectionCode.MALFORMED),
        TableList(tables=[summary]),
        TableInfo(table=summary),
        ViewReply(table_id="t1", seat=state.to_act, stream_version=5, view=view, clock=clock),
        PublicEvent(**common),
        SeatEvent(**common, seat=2),
        LobbyEvent(**common),
        TurnPrompt(table_id="t1", stream_version=5, seat=state.to_act, view=view, clock=clock),
        TurnEnded(
            table_id="t1", stream_version=5, seat=state.to_act, ended_version=6, reason="timed_out"
        ),
        DecisionRequest(
            table_id="t1",
            seat=state.to_act,
            seat_token="k",
            level=AILevel.EASY,
            stream_version=5,
            view=view,
            deadline=deadline,
        ),
        AuditPassed(**verdict),
        AuditFailed(**verdict, problems=(AuditProblem(code="rules", version=12),)),
    ]


def test_every_message_the_services_send_fits_its_schema_and_names_every_field() -> None:
    document = build()
    examples = _example_messages()
    assert {type(m).__name__ for m in examples} == set(document["components"]["messages"]) - set(
        TABLE_COMMANDS
    ) - set(GAME_COMMANDS)
    for message in examples:
        name = type(message).__name__
        schema = document["components"]["schemas"][name]
        data = json.loads(message.model_dump_json())
        assert payload_errors(document, name, data) == [], name
        assert schema["required"] == list(data) == list(schema["properties"]), name


def test_the_guide_states_the_retention_the_streams_are_created_with() -> None:
    from president.bus.streams import ai_stream, events_stream, prompts_stream

    from services.relay.publisher import StreamSpec

    text = " ".join(build()["info"]["description"].split())
    events, prompts, work = (
        make(Subjects()) for make in (events_stream, prompts_stream, ai_stream)
    )
    assert events.max_age == 7 * 24 * 3600 and events.max_bytes == -1
    assert "keeps messages 7 days, oldest dropped first" in text
    assert prompts.max_age == 15 * 60 and "keeps a prompt 15 minutes" in text
    assert work.retention is not None and work.retention.value == "workqueue"
    windows = {c.duplicate_window for c in (events, prompts, work)}
    assert windows == {StreamSpec("x", []).duplicate_window} == {120.0}
    assert "Duplicate window: 120 s on each" in text
