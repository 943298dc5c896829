"""Which seats are due since which version, and the prompts the engine derives from it."""

from __future__ import annotations

import itertools
import random

from president.ai.hard import DEFAULT_BUDGET_MS
from president.contract import DecisionRequest, TurnPrompt
from president.game.fold import seats_to_act
from president.game.prompts import prompts_for
from president.game.seats import ai_seat_token, token_sha256
from president.rules import legal_actions
from president.settings import load_settings
from president.store.memory import InMemoryEventStore

from services.engine.settings import EngineSettings
from services.engine.use_cases import GameService
from tests.support.engine import command_for, write_table


def _engine(store: InMemoryEventStore) -> GameService:
    seeds = itertools.count()
    return GameService(store, secret="k", new_seed=lambda: f"{next(seeds)}")


async def test_a_turn_starts_at_the_append_that_made_it_due_even_for_the_same_seat() -> None:
    store = InMemoryEventStore()
    engine = _engine(store)
    rng = random.Random(7)
    restarted = 0
    for number in range(12):
        table_id = f"t{number}"
        await write_table(store, table_id, players=3 + number % 4, rounds=2)
        await engine.start_game(table_id)
        game = await engine.games.load(table_id)
        while game.state is not None and not game.state.is_terminal:
            before, round_before = dict(game.turns), game.state.round
            seat = rng.choice(seats_to_act(game.state))
            action = rng.choice(legal_actions(game.state, seat))
            await engine.handle(command_for(table_id, action, f"c{game.version}"))
            game = await engine.games.load(table_id)
            assert game.state is not None
            assert set(game.turns) == set(seats_to_act(game.state))
            new_round = game.state.round != round_before  # a deal resets every turn
            for due, since in game.turns.items():
                if due in before and due != seat and not new_round:
                    assert since == before[due]
                else:
                    assert since == game.version
            restarted += seat in game.turns and not new_round
    assert restarted  # some seat was due again right after its own play


async def test_prompts_are_for_turns_that_began_at_or_after_the_relayed_version() -> None:
    store = InMemoryEventStore()
    engine = _engine(store)
    await write_table(store, "t", players=4, ai_seats=(0, 1))
    await engine.start_game("t")
    game = await engine.games.load("t")
    assert game.turns == {0: 4}
    messages = prompts_for(game, 1, secret="k")
    assert [type(m) for m in messages] == [TurnPrompt, DecisionRequest]
    request = messages[1]
    assert isinstance(request, DecisionRequest)
    assert request.seat_token == ai_seat_token("k", "t", 0)
    assert game.created is not None
    assert token_sha256(request.seat_token) == game.created.seats[0].token_sha256
    assert request.command_id == "ai:t:4:0"
    assert prompts_for(game, 5, secret="k") == []
    humans_only = prompts_for(game, 1, secret="k", prompt_ai_seats=False)
    assert [type(m) for m in humans_only] == [DecisionRequest]


async def test_ai_seats_are_asked_to_think_for_hards_default_budget_unless_configured() -> None:
    store = InMemoryEventStore()
    engine = _engine(store)
    await write_table(store, "t", players=4, ai_seats=(0,))
    await engine.start_game("t")
    game = await engine.games.load("t")
    configured = EngineSettings().engine_ai_budget_ms
    assert configured == DEFAULT_BUDGET_MS == 100  # what the tournament measures
    env = {"PRESIDENT_ENGINE_AI_BUDGET_MS": "250"}  # docs/settings.md's variable
    assert load_settings(env, cls=EngineSettings).engine_ai_budget_ms == 250
    (request,) = prompts_for(game, 1, secret="k", prompt_ai_seats=False)
    assert isinstance(request, DecisionRequest)
    assert request.budget_ms == configured
    (slower,) = prompts_for(game, 1, secret="k", prompt_ai_seats=False, budget_ms=250)
    assert isinstance(slower, DecisionRequest)
    assert slower.budget_ms == 250


async def test_prompts_leave_the_history_out() -> None:
    store = InMemoryEventStore()
    engine = _engine(store)
    await write_table(store, "t", players=3, ai_seats=(0, 1, 2))
    await engine.start_game("t")
    game = await engine.games.load("t")
    for _ in range(5):
        assert game.state is not None and game.state.to_act is not None
        action = legal_actions(game.state, game.state.to_act)[-1]
        token = ai_seat_token("k", "t", action.seat)
        await engine.handle(command_for("t", action, f"c{game.version}", token))
        game = await engine.games.load("t")
    assert game.state is not None and len(game.state.history) == 5
    slim = [m for m in prompts_for(game, game.version, secret="k") if hasattr(m, "view")]
    assert [type(m) for m in slim] == [TurnPrompt, DecisionRequest]
    for message in slim:
        assert isinstance(message, TurnPrompt | DecisionRequest)
        assert message.view.history is None and message.view.moves == 5
        assert '"history"' not in message.model_dump_json()
