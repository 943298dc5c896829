"""Two players left: the exact solver agrees with a plain minimax."""

from __future__ import annotations

import random

import pytest
from president.ai.endgame import Endgame, apply_move, legal_moves, solve
from president.ai.sim import NO_SEAT, Sim


def _minimax(sim: Sim, seat: int) -> bool:
    if seat in sim.finished:
        return sim.finished.index(seat) < len(sim.finished) - 1
    if sim.to_act == NO_SEAT:
        return False
    outcomes = []
    for move in legal_moves(sim):
        after = sim.copy()
        apply_move(after, move)
        outcomes.append(_minimax(after, seat))
    return any(outcomes) if sim.to_act == seat else all(outcomes)


def _position(rng: random.Random) -> Sim:
    players = rng.choice([2, 3])
    deck = [rank for rank in range(13) for _ in range(4)]
    rng.shuffle(deck)
    hands = [[0] * 13 for _ in range(players)]
    for seat in range(2):
        for rank in deck[seat * 4 : seat * 4 + rng.randint(1, 4)]:
            hands[seat][rank] += 1
    sim = Sim(hands, to_act=0, reversed_=rng.random() < 0.3)
    if players == 3:
        # Seat 2 went out on an open trick that must still be beaten.
        sim.finished = [2]
        sim.top_rank, sim.top_count, sim.top_seat = rng.randrange(13), 1, 2
        sim.to_act = rng.choice([0, 1])
    return sim


@pytest.mark.parametrize("seed", range(6))
def test_the_endgame_solver_agrees_with_plain_minimax(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        sim = _position(rng)
        solver = Endgame(sim.revolution)
        for seat in (0, 1):
            assert solver.sim_wins(sim.copy(), seat) == _minimax(sim.copy(), seat)


def test_the_solver_finds_the_winning_move_when_there_is_one() -> None:
    mine = [0] * 13
    theirs = [0] * 13
    mine[0], mine[11] = 2, 1  # a pair of 3s and an ace
    theirs[12], theirs[1] = 1, 1  # a 2 and a 4
    sim = Sim([mine, theirs], to_act=0)
    moves = legal_moves(sim)
    solved = solve(sim, 0, moves, 10_000)
    # Leading the pair first wins: the 4 and the 2 cannot answer a pair.
    assert solved.winning and solved.move == (0, 2)
