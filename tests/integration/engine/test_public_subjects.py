"""What a listener on a table's public subject sees during a whole game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from president.contract import PublicEvent
from president.rules import CARD_NAMES

from tests.integration.engine.harness import Harness
from tests.support import json_strings
from tests.support.engine import write_table
from tests.support.waiting import eventually

pytestmark = pytest.mark.asyncio(loop_scope="session")

_CARDS = frozenset(CARD_NAMES)


async def test_a_public_listener_never_sees_an_unplayed_card_or_an_unrevealed_seed(
    engine: Harness,
) -> None:
    table_id = "public-1"
    received: list[PublicEvent] = []

    async def on_message(message: Any) -> None:
        received.append(PublicEvent.model_validate_json(message.data))

    subscription = await engine.js.subscribe(
        engine.subjects.public(table_id), cb=on_message, ordered_consumer=True
    )
    try:
        await write_table(engine.store, table_id, players=5, rounds=3)
        await engine.wait_for_game(table_id)
        await engine.play(table_id)
        total = await engine.game_version(table_id)
        await eventually(lambda: len(received) >= total, 20, "every event relayed")
    finally:
        await subscription.unsubscribe()

    events = await engine.store.read_stream(f"game-{table_id}")
    seeds = {e.data["round"]: e.data["seed"] for e in events if e.type == "DealCommitted"}
    assert [m.version for m in received] == list(range(1, total + 1))
    played: set[str] = set()
    revealed: set[int] = set()
    for message in received:
        if message.event_type == "CardsPlayed":
            played.update(message.data["cards"])
        if message.event_type == "SeedRevealed":
            revealed.add(message.data["round"])
        shown = {s for s in json_strings(message.data) if s in _CARDS}
        assert shown <= played, (message.event_type, shown - played)
        text = json.dumps(message.data)
        hidden = [rnd for rnd, seed in seeds.items() if rnd not in revealed and seed in text]
        assert not hidden, message
        assert "token_sha256" not in text
    assert revealed == {1, 2, 3}
