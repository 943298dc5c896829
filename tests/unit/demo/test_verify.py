"""The demo's check: the log folded by president.game, the deals checked by the auditor."""

from __future__ import annotations

import dataclasses

import pytest
from president.game import CorruptGame
from president.rules import Options
from president_tools.demo.verify import rebuild
from president_tools.sample import play_sample_game, recorded_game


def test_a_sample_game_rebuilds_to_its_end_with_no_problem() -> None:
    events = recorded_game(play_sample_game("demo-v", Options(players=4, rounds=2), seed=3))

    state, problems = rebuild("demo-v", events)

    assert problems == []
    assert state.is_terminal and len(state.results) == 2


def test_a_deal_that_does_not_follow_from_its_seed_is_a_problem() -> None:
    events = recorded_game(play_sample_game("demo-w", Options(players=4), seed=4))
    at = next(i for i, e in enumerate(events) if e.type == "DealCommitted")
    other = dict(events[at].data, seed="0" * 64)
    events[at] = dataclasses.replace(events[at], data=other)

    _, problems = rebuild("demo-w", events)

    assert any("round 1" in problem for problem in problems)


def test_a_log_that_breaks_the_rules_does_not_rebuild() -> None:
    events = recorded_game(play_sample_game("demo-x", Options(players=4), seed=5))
    del events[5]

    with pytest.raises(CorruptGame):
        rebuild("demo-x", events)
