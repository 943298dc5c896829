"""The services' own command ids are refused to everyone else at admission, unread."""

from __future__ import annotations

import json

import pytest
from president.bus.identity import Requester
from president.command_path import admit
from president.contract import (
    ENGINE_COMMAND_IDS,
    GAME_COMMANDS,
    TABLE_COMMANDS,
    Pass,
    Rejected,
    RejectionCode,
    TakeSeat,
    ai_command_id,
    parse_reply,
    takeover_command_id,
    timeout_command_id,
)
from president.game import start_command_id

INTEGRATOR, AI, PLATFORM_AI = (
    Requester("acme-integrator"),
    Requester("ai-worker"),
    Requester("acme-ai-worker"),
)
ENGINE_IDS = (
    timeout_command_id("t1", 5, 2),
    takeover_command_id("t1", 5, 2),
    start_command_id("t1"),
)


def test_the_engines_namespaces_are_those_of_its_ids() -> None:
    assert all(i.startswith(ENGINE_COMMAND_IDS) for i in ENGINE_IDS)
    assert {i.split(":")[0] + ":" for i in ENGINE_IDS} == set(ENGINE_COMMAND_IDS)


def _forbidden(command_id: str, sender: Requester | None) -> bool:
    """Whether admission refuses a game command under ``command_id`` from ``sender`` FORBIDDEN."""
    command = Pass(command_id=command_id, table_id="t1", seat=2, seat_token="x")
    refused = _admitted(command, sender)
    return isinstance(refused, bytes) and b"FORBIDDEN" in refused


@pytest.mark.parametrize("command_id", ENGINE_IDS)
def test_nobody_sends_an_engine_id(command_id: str) -> None:
    for sender in (INTEGRATOR, AI, PLATFORM_AI, Requester("engine"), None):
        assert _forbidden(command_id, sender), sender


def test_ai_ids_are_the_ai_workers_and_anonymous_ones() -> None:
    command_id = ai_command_id("t1", 5, 2)
    assert _forbidden(command_id, INTEGRATOR)
    assert _forbidden(command_id, Requester("auditor"))
    for sender in (AI, PLATFORM_AI, None):  # None: an open server, the workers anonymous
        assert not _forbidden(command_id, sender), sender


def test_other_ids_are_anyones() -> None:
    for command_id in ("c-1", "AI:x", "my-ai:1", "timeouts"):
        assert not _forbidden(command_id, INTEGRATOR), command_id


def _admitted(command: Pass | TakeSeat, sender: Requester | None) -> object:
    kind, accepts = (
        ("game", GAME_COMMANDS) if isinstance(command, Pass) else ("table", TABLE_COMMANDS)
    )
    subject = "president.cmd.game.t1" if kind == "game" else "president.cmd.table.TakeSeat"
    raw = command.model_dump_json().encode()
    return admit(subject, raw, accepts=accepts, kind=kind, requester=sender)


@pytest.mark.parametrize("command_id", [*ENGINE_IDS, ai_command_id("t1", 5, 2)])
def test_admission_refuses_a_reserved_id_forbidden_before_any_state(command_id: str) -> None:
    squat = Pass(command_id=command_id, table_id="t1", seat=2, seat_token="x")
    refused = _admitted(squat, INTEGRATOR)
    assert isinstance(refused, bytes)
    reply = parse_reply(refused)
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.FORBIDDEN
    assert reply.command_id == command_id and "token" not in json.dumps(reply.detail)
    take = TakeSeat(command_id=command_id, table_id="t1", player_name="Eve")
    assert isinstance(_admitted(take, INTEGRATOR), bytes)


def test_admission_lets_an_ai_worker_send_its_own_ids() -> None:
    command = Pass(command_id=ai_command_id("t1", 5, 2), table_id="t1", seat=2, seat_token="x")
    assert _admitted(command, AI) == command
    own = command.model_copy(update={"command_id": "c-1"})
    assert _admitted(own, INTEGRATOR) == own
