"""The engine's typed encoding of prompts gives the bytes of each model's own encoding,
over whole games: clocked and not, AI seats and humans, decision requests asked again."""

from __future__ import annotations

import itertools
import random

import pytest
from president.clock import FakeClock
from president.contract import TableOptions
from president.game.prompts import Prompt, decision_request, prompts_for
from president.game.seats import ai_seat_token
from president.rules import legal_actions
from president.store.memory import InMemoryEventStore

from services.engine.prompt_json import prompt_payloads
from services.engine.use_cases import GameService
from tests.support.engine import command_for, human_token, write_table


def _assert_same_bytes(messages: list[Prompt]) -> list[bytes]:
    payloads = prompt_payloads(messages)
    assert payloads == [m.model_dump_json().encode() for m in messages]
    return payloads


@pytest.mark.parametrize(
    ("players", "ai_seats", "options"),
    [
        (3, (0, 1, 2), TableOptions(rounds=2)),
        (4, (1, 3), TableOptions(turn_seconds=2, exchange_seconds=3, rounds=2)),
        (6, (0, 1, 2, 3, 4, 5), TableOptions(turn_seconds=5, rounds=1)),
    ],
)
async def test_every_prompt_of_a_game_encodes_to_its_models_bytes(
    players: int, ai_seats: tuple[int, ...], options: TableOptions
) -> None:
    store = InMemoryEventStore()
    seeds = itertools.count(players)
    engine = GameService(
        store,
        secret="k",
        new_seed=lambda: f"{next(seeds):064x}",
        clock=FakeClock(),
    )
    await write_table(store, "t-1", players=players, ai_seats=ai_seats, options=options)
    await engine.start_game("t-1")
    game = await engine.games.load("t-1")
    rng = random.Random(players)
    checked, deadlines = 0, 0
    while game.state is not None and not game.state.is_terminal:
        for since in (1, game.version):
            payloads = _assert_same_bytes(prompts_for(game, since, secret="k"))
            checked += len(payloads)
            deadlines += sum(b'"deadline":"' in payload for payload in payloads)
        _assert_same_bytes(prompts_for(game, 1, secret="k", prompt_ai_seats=False, budget_ms=250))
        for seat in sorted(game.turns):
            if seat in ai_seats:
                again = decision_request(game, seat, secret="k", budget_ms=7, attempt=2)
                _assert_same_bytes([again])
        seat = min(game.turns)
        action = rng.choice(legal_actions(game.state, seat))
        token = ai_seat_token("k", "t-1", seat) if seat in ai_seats else human_token("t-1", seat)
        await engine.handle(command_for("t-1", action, f"c{game.version}", token))
        game = await engine.games.load("t-1")
    assert checked > 100
    assert (deadlines > 0) == (options.turn_seconds is not None)
