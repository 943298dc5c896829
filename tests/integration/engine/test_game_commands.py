"""Game commands through a running engine: a whole game, and every kind of rejection."""

from __future__ import annotations

import itertools
import json

import pytest
from president.bus.connect import connect
from president.contract import Accepted, GetView, Rejected, RejectionCode, ViewReply, parse_reply
from president.game import GAME_SERVICE_EVENT_TYPES
from president.rules import Observation, Options, event_from_dict, replay
from president_tools.loadtest.flood import FLOOD_USER

from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import Harness, token
from tests.support.engine import command_for, write_table

pytestmark = pytest.mark.asyncio(loop_scope="session")

_ids = itertools.count()


async def _started(h: Harness, **table: object) -> str:
    table_id = f"g{next(_ids)}"
    await write_table(h.store, table_id, **table)  # type: ignore[arg-type]
    await h.wait_for_game(table_id)
    return table_id


async def _view(h: Harness, table_id: str, seat: int) -> ViewReply:
    reply = await h.send(GetView(table_id=table_id, seat=seat, seat_token=token(table_id, seat)))
    assert isinstance(reply, ViewReply), reply
    return reply


async def _to_act(h: Harness, table_id: str) -> tuple[int, Observation, int]:
    reply = await _view(h, table_id, 0)
    seat = reply.view.to_act
    assert seat is not None
    seat_reply = await _view(h, table_id, seat)
    return seat, seat_reply.view.to_rules(), seat_reply.stream_version


def _rejected(reply: object, code: RejectionCode) -> Rejected:
    assert isinstance(reply, Rejected), reply
    assert reply.code is code, reply
    return reply


async def test_a_full_round_is_played_through_the_engine_and_replays(engine: Harness) -> None:
    table_id = await _started(engine, players=4, rounds=2)
    played = await engine.play(table_id)
    events = await engine.store.read_stream(f"game-{table_id}")
    assert events[-1].type == "GameEnded"
    rules = [
        event_from_dict(e.type, e.data) for e in events if e.type not in GAME_SERVICE_EVENT_TYPES
    ]
    final = replay(Options(players=4, rounds=2), rules)
    assert final.is_terminal and len(final.results) == 2
    decisions = [e for e in rules if e.type in ("CardsPlayed", "Passed", "CardsReturned")]
    assert len(decisions) == played
    assert (await engine.store.verify_chain(f"game-{table_id}")).ok


async def test_the_same_command_id_twice_gets_the_same_reply_and_one_effect(
    engine: Harness,
) -> None:
    table_id = await _started(engine)
    _, view, _ = await _to_act(engine, table_id)
    command = command_for(table_id, view.legal_actions[0], "dup-1")
    first = await engine.send(command)
    version = await engine.game_version(table_id)
    second = await engine.send(command)
    assert isinstance(first, Accepted) and isinstance(second, Accepted)
    assert second.duplicate
    assert second.model_copy(update={"duplicate": False}) == first
    assert await engine.game_version(table_id) == version


async def test_a_stale_expected_version_is_refused_and_changes_nothing(engine: Harness) -> None:
    table_id = await _started(engine)
    _, view, version = await _to_act(engine, table_id)
    command = command_for(table_id, view.legal_actions[0], "stale-1")
    reply = await engine.send(command.model_copy(update={"expected_version": version - 1}))
    _rejected(reply, RejectionCode.STALE_VERSION)
    assert await engine.game_version(table_id) == version
    fresh = command.model_copy(update={"command_id": "stale-2", "expected_version": version})
    assert isinstance(await engine.send(fresh), Accepted)


async def test_a_wrong_seat_token_is_refused(engine: Harness) -> None:
    table_id = await _started(engine)
    seat, view, version = await _to_act(engine, table_id)
    command = command_for(table_id, view.legal_actions[0], "tok-1", token=token(table_id, seat + 1))
    _rejected(await engine.send(command), RejectionCode.BAD_TOKEN)
    query = GetView(table_id=table_id, seat=seat, seat_token="guess")
    _rejected(await engine.send(query), RejectionCode.BAD_TOKEN)
    assert await engine.game_version(table_id) == version


async def test_a_command_out_of_turn_is_refused(engine: Harness) -> None:
    table_id = await _started(engine)
    seat, _, version = await _to_act(engine, table_id)
    other = (seat + 1) % 4
    other_view = (await _view(engine, table_id, other)).view.to_rules()
    body = {"type": "PlayCards", "command_id": "turn-1", "seat": other,
            "seat_token": token(table_id, other), "cards": [other_view.hand[0]]}  # fmt: skip
    _rejected(await engine.request(table_id, body), RejectionCode.NOT_YOUR_TURN)
    assert await engine.game_version(table_id) == version


async def test_malformed_json_is_answered_and_the_engine_keeps_serving(engine: Harness) -> None:
    table_id = await _started(engine)
    for raw in (b"{not json", b"\xff\xfe", b"[]", b'{"type": "PlayCards"}', b""):
        _rejected(await engine.request(table_id, raw), RejectionCode.MALFORMED)
    await _view(engine, table_id, 0)


async def test_a_command_for_an_unknown_table_is_refused(engine: Harness) -> None:
    body = {"type": "Pass", "command_id": "u-1", "seat": 0, "seat_token": "x"}
    _rejected(await engine.request("no-such-table", body), RejectionCode.UNKNOWN_TABLE)


async def test_a_command_before_the_game_starts_is_refused(engine: Harness) -> None:
    table_id = f"g{next(_ids)}"
    await write_table(engine.store, table_id, start=False)
    body = {"type": "Pass", "command_id": "n-1", "seat": 0, "seat_token": token(table_id, 0)}
    _rejected(await engine.request(table_id, body), RejectionCode.GAME_NOT_STARTED)


async def test_an_ai_seat_gets_a_decision_request_whose_token_is_accepted(
    engine: Harness, servers: TestServers
) -> None:
    from president.contract import DecisionRequest

    table_id = f"g{next(_ids)}"
    subjects = engine.subjects
    subscription = await engine.js.pull_subscribe(
        subjects.ai_decide, durable=f"{engine.prefix}-test-ai", stream=subjects.ai_stream
    )
    await write_table(engine.store, table_id, ai_seats=(0,))
    messages = await subscription.fetch(1, timeout=10)
    request = DecisionRequest.model_validate_json(messages[0].data)
    assert (request.table_id, request.seat, request.stream_version) == (table_id, 0, 4)
    view = request.view.to_rules()
    command = command_for(table_id, view.legal_actions[0], request.command_id, request.seat_token)
    raw = json.dumps(command.model_dump(mode="json")).encode()
    # an AI seat is the AI workers': the harness identity may not send its command
    _rejected(await engine.send(command), RejectionCode.FORBIDDEN)
    worker = await connect(servers.url_for("ai-worker"), "engine-test-ai-worker")
    try:
        message = await worker.request(engine.subjects.game_command(table_id), raw, timeout=10)
    finally:
        await worker.close()
    assert isinstance(parse_reply(message.data), Accepted)
    await messages[0].ack()


async def test_a_reused_id_with_another_move_changes_nothing_anothers_is_its_own(
    engine: Harness, servers: TestServers
) -> None:
    table_id = await _started(engine)
    _, view, _ = await _to_act(engine, table_id)
    first_action, other_action = view.legal_actions[:2]
    command = command_for(table_id, first_action, "reuse-1")
    first = await engine.send(command)
    assert isinstance(first, Accepted)
    version = await engine.game_version(table_id)

    another = await engine.send(command_for(table_id, other_action, "reuse-1"))
    _rejected(another, RejectionCode.COMMAND_ID_REUSED)
    stranger = await connect(servers.url_for(FLOOD_USER), "engine-test-other")
    try:
        raw = json.dumps(command.model_dump(mode="json")).encode()
        message = await stranger.request(engine.subjects.game_command(table_id), raw, timeout=10)
    finally:
        await stranger.close()
    # decided on its own (the token alone decides: the seats were taken before takers
    # were recorded): that seat has played
    _rejected(parse_reply(message.data), RejectionCode.NOT_YOUR_TURN)
    assert await engine.game_version(table_id) == version

    events = await engine.store.read_stream(f"game-{table_id}", first.first_version)
    written = [e for e in events if e.version <= first.last_version]
    assert {e.metadata["requested_by"] for e in written} == {"harness"}  # who sent it
    assert {len(e.metadata["command_fingerprint"]) for e in written} == {64}
