"""The playout policy: legal moves, and the same sure exits as the full search."""

from __future__ import annotations

import random

import pytest
from president.ai.plan import sure_exit
from president.ai.rollout import _sure_exit, choose, play_out
from president.ai.sim import Sim


def _random_sim(rng: random.Random, players: int) -> Sim:
    deck = [rank for rank in range(13) for _ in range(4)]
    rng.shuffle(deck)
    hands = [[0] * 13 for _ in range(players)]
    for index, rank in enumerate(deck[: rng.randint(players, 24)]):
        hands[index % players][rank] += 1
    sim = Sim(hands, to_act=0, reversed_=rng.random() < 0.3)
    if rng.random() < 0.5:
        rank = rng.randrange(13)
        sim.top_rank, sim.top_count, sim.top_seat = rank, rng.randint(1, 2), 1
    return sim


@pytest.mark.parametrize("seed", range(5))
def test_the_quick_sure_exit_agrees_with_the_full_search(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        sim = _random_sim(rng, rng.choice([3, 4, 5]))
        hand = sim.hands[0]
        unseen = [sum(h[rank] for h in sim.hands[1:]) for rank in range(13)]
        full = sure_exit(
            hand,
            unseen,
            reversed_=sim.reversed,
            revolution=True,
            top_rank=sim.top_rank,
            top_count=sim.top_count,
        )
        assert (_sure_exit(sim, 0, hand) is None) == (full is None)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_playouts_only_make_legal_moves_and_end_with_every_place(players: int) -> None:
    rng = random.Random(players)
    for _ in range(100):
        sim = _random_sim(rng, players)
        sim.top_rank, sim.top_count, sim.top_seat = -1, 0, -1
        probe = sim.copy()
        for _ in range(400):
            if probe.to_act < 0:
                break
            move = choose(probe, probe.to_act, rng)
            hand = probe.hands[probe.to_act]
            if move is None:
                assert probe.top_rank >= 0
                probe.pass_(probe.to_act)
                continue
            rank, count = move
            assert 1 <= count <= hand[rank]
            if probe.top_rank >= 0:
                assert count == probe.top_count
                assert rank < probe.top_rank if probe.reversed else rank > probe.top_rank
            probe.play(probe.to_act, rank, count)
        assert sorted(probe.finished) == list(range(players))
        assert 1 <= play_out(sim, 0, rng) <= players
