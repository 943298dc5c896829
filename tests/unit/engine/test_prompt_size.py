"""A prompt's encoded size does not grow with the number of moves in the round (issue 18):
the engine's own prompt builder, over whole rounds of 3 to 6 players."""

from __future__ import annotations

import itertools
import random

import pytest
from president.contract import DecisionRequest, SeatView, TurnPrompt
from president.game.prompts import prompts_for
from president.game.seats import ai_seat_token
from president.rules import legal_actions, observe
from president.store.memory import InMemoryEventStore

from services.engine.use_cases import GameService
from tests.support.engine import command_for, write_table

PLAYED_AND_HAND = 80
"""Bytes a prompt may differ by from one move to another at most, whatever the round's
length: the hand, the trick, the legal actions and the counts change, nothing else."""


async def _round_prompts(players: int, seed: int, history: bool) -> list[tuple[int, int, int]]:
    """(moves in the round, TurnPrompt bytes, DecisionRequest bytes) at each turn of the
    first round of an all-AI table played at random; with ``history``, views that carry the
    round's moves, as contract 1.0's prompts did."""
    store = InMemoryEventStore()
    seeds = itertools.count(seed)
    engine = GameService(store, secret="k", new_seed=lambda: f"{next(seeds)}")
    await write_table(store, "t", players=players, ai_seats=tuple(range(players)))
    await engine.start_game("t")
    game = await engine.games.load("t")
    rng = random.Random(seed)
    sizes = []
    while game.state is not None and game.state.round == 1 and not game.state.is_terminal:
        out = prompts_for(game, game.version, secret="k")
        prompt = next(m for m in out if isinstance(m, TurnPrompt))
        request = next(m for m in out if isinstance(m, DecisionRequest))
        if history:
            view = SeatView.of(observe(game.state, prompt.seat), history=True)
            prompt = prompt.model_copy(update={"view": view})
            request = request.model_copy(update={"view": view})
        moves = len(game.state.history)
        sizes.append(
            (moves, len(prompt.model_dump_json().encode()), len(request.model_dump_json()))
        )
        seat = prompt.seat
        action = rng.choice(legal_actions(game.state, seat))
        token = ai_seat_token("k", "t", seat)
        await engine.handle(command_for("t", action, f"c{game.version}", token))
        game = await engine.games.load("t")
    return sizes


def _slope(points: list[tuple[int, int]]) -> float:
    """Least-squares bytes per move."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx


def _assert_flat(sizes: list[tuple[int, int, int]]) -> None:
    assert max(moves for moves, _, _ in sizes) > 30  # a long round
    for column in (1, 2):
        points = [(row[0], row[column]) for row in sizes]
        assert _slope(points) <= 0.5  # bytes per move: the hand shrinks, nothing grows
        late = [size for moves, size in points if moves >= 20]
        early = [size for moves, size in points if moves < 10]
        assert max(late) <= max(early) + PLAYED_AND_HAND


@pytest.mark.parametrize("players", [3, 4, 5, 6])
async def test_a_prompt_does_not_grow_with_the_moves_of_the_round(players: int) -> None:
    _assert_flat(await _round_prompts(players, seed=players, history=False))


async def test_the_guard_fails_on_prompts_that_carry_the_history() -> None:
    """Prompts that carried the round's history (contract 1.0) grow about ten bytes per
    move: the guard catches them."""
    sizes = await _round_prompts(4, seed=4, history=True)
    with pytest.raises(AssertionError):
        _assert_flat(sizes)
    assert _slope([(moves, prompt) for moves, prompt, _ in sizes]) > 5
