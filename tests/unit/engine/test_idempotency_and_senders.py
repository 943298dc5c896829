"""Idempotency keys done right in the engine (per sender), seats bound to the identity
that took them, and who acted, recorded and audited."""

from __future__ import annotations

import itertools
import json
from typing import Any

from president.audit import audit_events
from president.audit.html import render_html
from president.audit.text import render_text
from president.bus.identity import Requester
from president.contract import (
    Accepted,
    Away,
    Back,
    GetView,
    Leave,
    Rejected,
    RejectionCode,
    ViewReply,
)
from president.game.fold import seats_to_act
from president.game.seats import ai_seat_token
from president.rules import legal_actions
from president.store.memory import InMemoryEventStore

from services.engine.use_cases import GameService
from tests.support.engine import command_for, human_token, write_table

PLATFORM = Requester("acme-integrator")
AI = Requester("ai-worker")
OTHER = Requester("evil-integrator")


def _engine(store: InMemoryEventStore) -> GameService:
    counter = itertools.count()
    return GameService(store, secret="s", new_seed=lambda: f"{next(counter):064x}")


async def _started(store: InMemoryEventStore, **table: Any) -> GameService:
    """A started table ``t1`` (``table``: ``write_table``'s options)."""
    await write_table(store, "t1", **table)
    engine = _engine(store)
    await engine.start_game("t1")
    return engine


async def test_the_same_id_with_another_command_is_reused_from_another_identity_its_own() -> None:
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
    # another identity's command of that id is decided on its own: the seat played already
    theirs = await engine.handle(command, OTHER)
    assert isinstance(theirs, Rejected) and theirs.code is RejectionCode.NOT_YOUR_TURN
    assert await store.stream_version("game-t1") == version  # nothing changed
    # and the first sender still gets its first answer
    assert await engine.handle(command, PLATFORM) == again


async def test_a_refusal_remembered_for_one_identity_never_answers_another() -> None:
    store = InMemoryEventStore()
    engine = await _started(store)
    game = await engine.games.load("t1")
    assert game.state is not None
    seat = seats_to_act(game.state)[0]
    action = legal_actions(game.state, seat)[0]
    stale = command_for("t1", action, "move-1").model_copy(update={"expected_version": 1})
    squatted = await engine.handle(stale, OTHER)  # refused, and remembered for OTHER
    assert isinstance(squatted, Rejected) and squatted.code is RejectionCode.STALE_VERSION
    assert await engine.handle(stale, OTHER) == squatted

    real = await engine.handle(command_for("t1", action, "move-1"), PLATFORM)
    assert isinstance(real, Accepted) and not real.duplicate
    assert await engine.handle(stale, OTHER) == squatted  # still OTHER's own answer


async def _bound(store: InMemoryEventStore) -> GameService:
    """A started table whose people's seats (0-2) were taken by PLATFORM; seat 3 an AI."""
    return await _started(store, ai_seats=(3,), taken_by=PLATFORM.user)


async def test_a_seat_is_played_only_by_the_identity_that_took_it() -> None:
    store = InMemoryEventStore()
    engine = await _bound(store)
    game = await engine.games.load("t1")
    assert game.state is not None and game.created is not None
    assert [s.taken_by for s in game.created.seats] == [PLATFORM.user] * 3 + [None]
    seat = seats_to_act(game.state)[0]
    action = legal_actions(game.state, seat)[0]
    token = human_token("t1", seat) if seat != 3 else ai_seat_token("s", "t1", 3)
    command = command_for("t1", action, "move-1", token)
    wrong = (PLATFORM, None) if seat == 3 else (OTHER, AI, None)
    for sender in wrong:
        refused = await engine.handle(command, sender)
        assert isinstance(refused, Rejected) and refused.code is RejectionCode.FORBIDDEN, sender
        view = await engine.view(GetView(command_id="v", table_id="t1", seat=seat,
                                         seat_token=token), sender)  # fmt: skip
        assert isinstance(view, Rejected) and view.code is RejectionCode.FORBIDDEN, sender
    assert await store.stream_version("game-t1") == game.version
    right = AI if seat == 3 else PLATFORM
    assert isinstance(await engine.handle(command, right), Accepted)


async def test_an_ai_seat_is_played_only_by_an_ai_worker() -> None:
    store = InMemoryEventStore()
    engine = await _bound(store)
    token = ai_seat_token("s", "t1", 3)
    away = Away(command_id="away-3", table_id="t1", seat=3, seat_token=token)
    for sender in (PLATFORM, Requester("auditor")):
        refused = await engine.handle(away, sender)
        assert isinstance(refused, Rejected) and refused.code is RejectionCode.FORBIDDEN
    for worker in (AI, Requester("acme-ai-worker")):
        view = await engine.view(
            GetView(command_id="v", table_id="t1", seat=3, seat_token=token), worker
        )
        assert isinstance(view, ViewReply), worker


async def test_away_back_and_leave_record_who_asked_and_the_audit_shows_it() -> None:
    store = InMemoryEventStore()
    engine = await _bound(store)
    common = {"table_id": "t1", "seat": 1, "seat_token": human_token("t1", 1)}
    for command in (
        Away(command_id="a", **common),
        Back(command_id="b", **common),
        Leave(command_id="l", **common),
    ):
        assert isinstance(await engine.handle(command, PLATFORM), Accepted), command
    events = await store.read_stream("game-t1")
    presence = [e for e in events if e.type in ("SeatAway", "SeatBack", "SeatLeft")]
    assert [e.type for e in presence] == ["SeatAway", "SeatBack", "SeatLeft"]
    for event in presence:
        assert event.metadata["requested_by"] == PLATFORM.user
        assert event.metadata["requested_by_role"] == "integrator"

    report = audit_events(events)
    notes = report.to_dict()["rounds"][0]["clock"]
    asked = [n for n in notes if n["kind"] in ("away", "back", "left")]
    assert [n["by"] for n in asked] == [{"user": PLATFORM.user, "role": "integrator"}] * 3
    text = render_text(report)
    for kind in ("away", "back", "left"):
        assert f"{kind} (v" in text
    assert text.count("seat 1 [by acme-integrator (integrator)]") == 3
    assert render_html(report).count("seat 1 [by acme-integrator (integrator)]") == 3


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


class CountedStore(InMemoryEventStore):
    """A memory store that counts the reads of a table's remembered refusals."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    async def refusals(self, stream_id: str) -> dict[tuple[str, str], dict[str, Any]]:
        self.reads += 1
        return await super().refusals(stream_id)


async def test_a_forged_seat_on_a_cached_game_is_refused_without_reading_the_table() -> None:
    store = CountedStore()
    await write_table(store, "t1", ai_seats=(3,), taken_by=PLATFORM.user)
    engine = GameService(store, secret="s", new_seed=lambda: "0" * 64)
    await engine.start_game("t1")
    game = await engine.games.load("t1")  # cached, as after a table's first command
    assert game.state is not None
    seat = seats_to_act(game.state)[0]
    action = legal_actions(game.state, seat)[0]
    reads = store.reads

    forged = await engine.handle(command_for("t1", action, "m1", token="forged"), PLATFORM)
    not_theirs = await engine.handle(command_for("t1", action, "m2"), OTHER)

    assert isinstance(forged, Rejected) and forged.code is RejectionCode.BAD_TOKEN
    assert isinstance(not_theirs, Rejected) and not_theirs.code is RejectionCode.FORBIDDEN
    assert store.reads == reads  # neither read the table
    engine.games.forget("t1")  # not cached: the same answer, on the game read from the log
    again = await engine.handle(command_for("t1", action, "m1", token="forged"), PLATFORM)
    assert again == forged and store.reads == reads  # its refusals are never asked for
    real = await engine.handle(command_for("t1", action, "m3"), PLATFORM)
    assert isinstance(real, Accepted) and store.reads == reads + 1  # read once, then known
