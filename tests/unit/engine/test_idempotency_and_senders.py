"""Idempotency keys done right in the engine, and who acted, recorded and audited."""

from __future__ import annotations

import itertools
import json

from president.audit import audit_events
from president.audit.html import render_html
from president.audit.text import render_text
from president.bus.identity import Requester
from president.contract import Accepted, Rejected, RejectionCode
from president.game.fold import seats_to_act
from president.rules import legal_actions
from president.store.memory import InMemoryEventStore

from services.engine.application import Engine
from services.engine.memory import MemoryTableSessions
from tests.unit.engine.helpers import command_for, write_table

PLATFORM = Requester("acme-integrator")
AI = Requester("ai-worker")
OTHER = Requester("evil-integrator")


def _engine(store: InMemoryEventStore) -> Engine:
    counter = itertools.count()
    return Engine(
        store, MemoryTableSessions(store), secret="s", new_seed=lambda: f"{next(counter):064x}"
    )


async def _started(store: InMemoryEventStore) -> Engine:
    await write_table(store, "t1")
    engine = _engine(store)
    await engine.start_game("t1")
    return engine


async def test_the_same_id_with_another_command_or_from_another_identity_is_reused() -> None:
    store = InMemoryEventStore()
    engine = await _started(store)
    game = await engine.games.load("t1")
    assert game.state is not None
    seat = seats_to_act(game.state)[0]
    first, second = legal_actions(game.state, seat)[:2]
    command = command_for("t1", first, "move-1")
    accepted = await engine.handle(command, PLATFORM)
    assert isinstance(accepted, Accepted) and not accepted.duplicate
    version = await store.stream_version("game-t1")

    again = await engine.handle(command, PLATFORM)
    assert isinstance(again, Accepted) and again.duplicate
    assert again.first_version == accepted.first_version

    other_body = await engine.handle(command_for("t1", second, "move-1"), PLATFORM)
    assert isinstance(other_body, Rejected)
    assert other_body.code is RejectionCode.COMMAND_ID_REUSED
    stolen = await engine.handle(command, OTHER)
    assert isinstance(stolen, Rejected) and stolen.code is RejectionCode.COMMAND_ID_REUSED
    assert await store.stream_version("game-t1") == version  # nothing changed
    # and the first sender still gets its first answer
    assert await engine.handle(command, PLATFORM) == again


async def test_a_remembered_refusal_is_given_only_to_its_sender_for_the_same_command() -> None:
    store = InMemoryEventStore()
    engine = await _started(store)
    game = await engine.games.load("t1")
    assert game.state is not None
    seat = seats_to_act(game.state)[0]
    stale = command_for("t1", legal_actions(game.state, seat)[0], "stale-1").model_copy(
        update={"expected_version": 1}
    )
    refused = await engine.handle(stale, PLATFORM)
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.STALE_VERSION
    assert await engine.handle(stale, PLATFORM) == refused
    other = await engine.handle(stale, OTHER)
    assert isinstance(other, Rejected) and other.code is RejectionCode.COMMAND_ID_REUSED


async def test_each_move_records_its_sender_and_the_audit_shows_it() -> None:
    store = InMemoryEventStore()
    engine = await _started(store)
    senders = itertools.cycle([PLATFORM, AI])
    played = 0
    while True:
        game = await engine.games.load("t1")
        assert game.state is not None
        if game.state.is_terminal:
            break
        seat = seats_to_act(game.state)[0]
        action = legal_actions(game.state, seat)[0]
        reply = await engine.handle(command_for("t1", action, f"c{played}"), next(senders))
        assert isinstance(reply, Accepted), reply
        played += 1

    events = await store.read_stream("game-t1")
    decisions = [e for e in events if e.type in ("CardsPlayed", "Passed")]
    assert {e.metadata["requested_by"] for e in decisions} == {"acme-integrator", "ai-worker"}
    assert {e.metadata.get("requested_by_role") for e in decisions} == {"integrator", "ai-worker"}
    assert all(len(e.metadata["command_fingerprint"]) == 64 for e in decisions)
    assert not any("token" in json.dumps(dict(e.metadata)) for e in events)

    report = audit_events(events)
    assert report.ok
    moves = [m for t in report.to_dict()["rounds"][0]["tricks"] for m in t["moves"]]
    assert {m["by"]["user"] for m in moves} == {"acme-integrator", "ai-worker"}
    assert moves[0]["by"] == {"user": "acme-integrator", "role": "integrator"}
    text = render_text(report)
    assert "[by acme-integrator (integrator)]" in text and "[by ai-worker]" in text
    assert "by acme-integrator (integrator)" in render_html(report)
