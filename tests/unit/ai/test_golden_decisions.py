"""Every level takes the recorded decision on ~1000 golden positions
(``tests/golden/ai_decisions.py``, recorded when prompts carried the round's history):
decided from what a prompt carries now, its play, hence its strength, is unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from president.ai import HistoryMissing, Level, Policy
from president.contract import SeatView
from president.rules import Action, Observation, without_history

from tests.golden.ai_decisions import (
    GOLDEN,
    Position,
    action_text,
    policies,
    positions,
    view_digest,
)


@pytest.fixture(scope="module")
def recorded() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(GOLDEN.read_text())["positions"]
    return rows


@pytest.fixture(scope="module")
def replayed() -> list[Position]:
    return list(positions())


def test_the_golden_games_replay_to_the_recorded_positions(
    replayed: list[Position], recorded: list[dict[str, Any]]
) -> None:
    found = [(p.players, p.game, p.step, view_digest(p.view)) for p in replayed]
    assert found == [(r["players"], r["game"], r["step"], r["view"]) for r in recorded]
    assert len(found) >= 1000


def _over_the_wire(view: Observation) -> Observation:
    """The view as a worker reads it: encoded, sent, parsed."""
    return SeatView.model_validate_json(SeatView.of(view).model_dump_json()).to_rules()


def _decide_as_the_worker(policy: Policy, full: Observation) -> tuple[Action, bool]:
    """The decision from the prompt's view, and whether the full view (GetView) was needed."""
    prompt = _over_the_wire(without_history(full))
    assert prompt.history is None
    try:
        return policy.decide(prompt), False
    except HistoryMissing:
        return policy.decide(_over_the_wire(full)), True


@pytest.mark.parametrize("level", list(Level))
def test_each_level_decides_as_recorded_from_the_prompts_view(
    level: Level, replayed: list[Position], recorded: list[dict[str, Any]]
) -> None:
    policy = policies()[level]
    differ, asked = [], 0
    for position, row in zip(replayed, recorded, strict=True):
        action, needed_history = _decide_as_the_worker(policy, position.view)
        asked += needed_history
        if action_text(action) != row["decisions"][level.value]:
            differ.append((row["players"], row["game"], row["step"]))
    assert differ == []
    if level is Level.HARD:  # it reads the opponents' moves: GetView, when it has a choice
        assert 0 < asked < len(recorded)
    else:  # the others decide from the prompt alone
        assert asked == 0


@pytest.mark.parametrize("level", [Level.RANDOM, Level.EASY, Level.MEDIUM])
def test_each_level_still_decides_as_recorded_from_the_full_view(
    level: Level, replayed: list[Position], recorded: list[dict[str, Any]]
) -> None:
    policy = policies()[level]
    differ = [
        (row["players"], row["game"], row["step"])
        for position, row in zip(replayed, recorded, strict=True)
        if action_text(policy.decide(position.view)) != row["decisions"][level.value]
    ]
    assert differ == []
