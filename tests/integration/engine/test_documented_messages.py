"""Every message the relay and the engine store in JetStream during real games has the
headers and the payload that docs/asyncapi.json documents for it."""

from __future__ import annotations

import json

import pytest
from nats.js.errors import NotFoundError
from president_tools.asyncapi.document import build

from tests.integration.engine.harness import Harness
from tests.support import header_errors, payload_errors
from tests.support.engine import write_table
from tests.support.waiting import eventually

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _wait_for_last(h: Harness, stream: str, subject: str, version: int | None) -> None:
    """Until the subject's last stored message exists (and has ``version``, when given)."""

    async def stored() -> bool:
        try:
            last = await h.js.get_last_msg(stream, subject)
        except NotFoundError:
            return False
        headers = last.headers or {}
        return bool(headers) and (version is None or int(headers["President-Version"]) == version)

    await eventually(stored, 20, f"the last message on {subject}")


def _kind(subject: str, payload: dict[str, object]) -> str:
    tokens = subject.split(".")
    if tokens[-1] == "prompt":
        return "TurnEnded" if payload["type"] == "TurnEnded" else "TurnPrompt"
    if tokens[-1] == "decide":
        return "DecisionRequest"
    if tokens[-2] == "lobby":
        return "LobbyEvent"
    return "PublicEvent" if tokens[-1] == "public" else "SeatEvent"


async def test_stored_messages_carry_the_documented_headers_and_payloads(
    engine: Harness,
) -> None:
    await write_table(engine.store, "doc-a", players=4, rounds=2)
    await write_table(engine.store, "doc-b", players=3, ai_seats=(1,))
    for table_id in ("doc-a", "doc-b"):
        await engine.wait_for_game(table_id)
    await engine.play("doc-a")
    await engine.play("doc-b", max_actions=1)  # seat 0 leads; then the AI seat is due
    s = engine.subjects
    await _wait_for_last(
        engine, s.events_stream, s.public("doc-a"), await engine.game_version("doc-a")
    )
    await _wait_for_last(engine, s.ai_stream, s.ai_decide, None)

    document = build(engine.prefix)
    seen: dict[str, int] = {}
    for stream in (s.events_stream, s.prompts_stream, s.ai_stream):
        state = (await engine.js.stream_info(stream)).state
        for sequence in range(state.first_seq, state.last_seq + 1):
            message = await engine.js.get_msg(stream, seq=sequence)
            assert message.subject is not None and message.data is not None
            payload = json.loads(message.data)
            kind = _kind(message.subject, payload)
            assert header_errors(document, kind, message.headers) == [], message.headers
            assert payload_errors(document, kind, payload) == [], (kind, payload)
            headers = message.headers or {}
            if kind.endswith("Event"):
                assert headers["President-Event-Id"] == payload["event_id"]
                assert headers["President-Version"] == str(payload["version"])
                key = {"PublicEvent": "public", "LobbyEvent": "lobby"}.get(kind)
                key = key or f"seat{payload['seat']}"
                assert headers["Nats-Msg-Id"] == f"{payload['event_id']}.{key}"
            else:
                ids = (payload["table_id"], payload["stream_version"], payload["seat"])
                end = ":end" if kind == "TurnEnded" else ""
                assert headers["Nats-Msg-Id"] == ":".join(map(str, ids)) + end
            seen[kind] = seen.get(kind, 0) + 1
    assert set(seen) == {
        "PublicEvent",
        "SeatEvent",
        "LobbyEvent",
        "TurnPrompt",
        "TurnEnded",
        "DecisionRequest",
    }
