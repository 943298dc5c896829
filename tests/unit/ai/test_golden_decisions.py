"""Every level takes the recorded decision on ~1000 golden positions
(``tests/golden/ai_decisions.py``): its play, hence its strength, is unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from president.ai import Level

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


@pytest.mark.parametrize("level", list(Level))
def test_each_level_decides_as_recorded(
    level: Level, replayed: list[Position], recorded: list[dict[str, Any]]
) -> None:
    policy = policies()[level]
    differ = [
        (row["players"], row["game"], row["step"])
        for position, row in zip(replayed, recorded, strict=True)
        if action_text(policy.decide(position.view)) != row["decisions"][level.value]
    ]
    assert differ == []
