"""Golden games: `president referee` (a real process) reproduces tests/golden byte for byte."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.golden.regenerate import expected_path, scripts, start_referee

from . import reference

SCRIPTS = scripts()


@pytest.fixture(scope="module")
def referee_runs() -> dict[Path, tuple[int, bytes, bytes]]:
    """Every golden script through the real command, all processes started at once."""
    running: dict[Path, subprocess.Popen[bytes]] = {s: start_referee(s) for s in SCRIPTS}
    done = {}
    for script, process in running.items():
        out, err = process.communicate(timeout=120)
        done[script] = (process.returncode, out, err)
    return done


def test_there_are_golden_games_for_every_player_count_and_option() -> None:
    loaded = [json.loads(s.read_text()) for s in SCRIPTS]
    assert {g["players"] for g in loaded} == {3, 4, 5, 6}
    assert {g["options"].get("revolution", True) for g in loaded} == {True, False}
    assert {g["options"].get("round_leader", "asshole") for g in loaded} == {
        "asshole",
        "president",
        "first_seat",
    }
    assert max(g["options"].get("rounds", 1) for g in loaded) >= 3
    assert {"seed" in g for g in loaded} == {True, False}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.name.removesuffix(".script.json"))
def test_the_referee_reproduces_the_golden_output(
    script: Path, referee_runs: dict[Path, tuple[int, bytes, bytes]]
) -> None:
    status, out, err = referee_runs[script]

    assert status == 0, err.decode()
    assert out == expected_path(script).read_bytes()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.name.removesuffix(".script.json"))
def test_the_golden_output_agrees_with_the_reference_model(script: Path) -> None:
    expected = json.loads(expected_path(script).read_text())

    assert reference.referee(json.loads(script.read_text())) == expected
    assert expected["game_over"] is True
    assert any(not entry["ok"] for entry in expected["results"])
