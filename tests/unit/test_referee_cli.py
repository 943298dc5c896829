"""`president referee`: a script file or stdin in, JSON out; bad input exits 2, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from president.rules import CARD_NAMES
from president_tools.cli import app
from typer.testing import CliRunner

from .rules.table import ladder_deal, ladder_round_actions

PRESIDENT = Path(sys.executable).parent / "president"
DECK = list(CARD_NAMES)
FAIR_DEAL = [DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:52]]
GOOD = {
    "players": 4,
    "options": {"rounds": 1},
    "deals": [FAIR_DEAL],
    "actions": [{"seat": 0, "play": ["3C"]}, {"seat": 1, "pass": True}],
}
GOOD_RESULTS = [
    {"ok": True, "phase": "play", "to_act": 1, "reversed": False},
    {"ok": True, "phase": "play", "to_act": 2, "reversed": False},
]


def script(**changes: Any) -> str:
    raw = {**GOOD, **changes}
    return json.dumps({k: v for k, v in raw.items() if v is not ...})


def run_in_process(stdin: str | bytes) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["referee"], input=stdin)
    return result.exit_code, result.stdout


def assert_invalid_input(status: int, out: str) -> None:
    assert status == 2, out
    assert "Traceback" not in out
    answer = json.loads(out)
    assert set(answer) == {"error", "detail"}
    assert answer["error"] == "INVALID_INPUT" and isinstance(answer["detail"], str)


BAD_INPUTS = {
    "not JSON": "{players: 4",
    "empty": "",
    "not an object": "[1, 2]",
    "null": "null",
    "an int of 5000 digits": '{"players": 4, "seed": ' + "7" * 5000 + "}",
    "nested too deep": "[" * 100_000 + "]" * 100_000,
    "51 cards": script(deals=[[DECK[0:13], DECK[13:26], DECK[26:39], DECK[39:51]]]),
    "a card twice": script(deals=[[DECK[0:13], DECK[13:26], DECK[26:39], [*DECK[39:51], "3C"]]]),
    "an unknown card": script(deals=[[DECK[0:13], DECK[13:26], DECK[26:39], [*DECK[39:51], "1C"]]]),
    "sizes 14 and 12": script(deals=[[DECK[0:14], DECK[14:26], DECK[26:39], DECK[39:52]]]),
    "3 hands for 4 players": script(deals=[[DECK[0:18], DECK[18:35], DECK[35:52]]]),
    "deals not a list": script(deals={"1": FAIR_DEAL}),
    "no deal": script(deals=[]),
    "2 players": script(players=2, deals=..., seed=1),
    "7 players": script(players=7, deals=..., seed=1),
    "players as text": script(players="4"),
    "players missing": script(players=...),
    "an unknown option": script(options={"revolutoin": False}),
    "options not an object": script(options=[True]),
    "rounds 0": script(options={"rounds": 0}),
    "revolution as text": script(options={"revolution": "yes"}),
    "an unknown round leader": script(options={"round_leader": "dealer"}),
    "both deals and seed": script(seed=7),
    "neither deals nor seed": script(deals=...),
    "a seed that is a list": script(deals=..., seed=[7]),
    "a seed that is true": script(deals=..., seed=True),
    "a seed with a lone surrogate": '{"players": 4, "seed": "\\ud800"}',
    "actions not a list": script(actions={"seat": 0}),
    "actions reaching a round without a deal": script(
        options={"rounds": 2}, deals=[ladder_deal()], actions=ladder_round_actions()
    ),
}


@pytest.mark.parametrize("stdin", BAD_INPUTS.values(), ids=BAD_INPUTS.keys())
def test_bad_input_exits_2_with_the_invalid_input_object(stdin: str) -> None:
    assert_invalid_input(*run_in_process(stdin))


def test_bytes_that_are_not_utf8_are_invalid_input() -> None:
    assert_invalid_input(*run_in_process(b'{"players": \xff\xfe 4}'))


def test_a_good_script_prints_the_verdicts_and_exits_0() -> None:
    status, out = run_in_process(script())

    assert status == 0
    assert json.loads(out) == {
        "results": GOOD_RESULTS,
        "rounds": [],
        "scores": [0, 0, 0, 0],
        "game_over": False,
    }


def test_options_may_be_left_out_and_the_defaults_apply() -> None:
    status, out = run_in_process(script(options=...))
    assert status == 0 and json.loads(out)["results"] == GOOD_RESULTS


def test_rejected_actions_are_verdicts_not_invalid_input() -> None:
    actions = [{"seat": 3, "pass": True}, "junk", {"seat": 0, "play": ["3C", "3C", "1C"]}]
    status, out = run_in_process(script(actions=actions))

    assert status == 0
    assert [entry["error"] for entry in json.loads(out)["results"]] == [
        "NOT_YOUR_TURN",
        "BAD_ACTION",
        "UNKNOWN_CARD",
    ]


# --- the real command, as an integrator runs it ------------------------------------------


@pytest.fixture(scope="module")
def real_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, str, str]]:
    """Three real processes at once: a script from stdin, from a file, and a bad file."""
    folder = tmp_path_factory.mktemp("referee")
    good = folder / "game.json"
    good.write_text(script(), encoding="utf-8")
    bad = folder / "bad.json"
    bad.write_text(script(players=7), encoding="utf-8")
    commands = {
        "stdin": ([str(PRESIDENT), "referee"], script()),
        "file": ([str(PRESIDENT), "referee", str(good)], ""),
        "bad file": ([str(PRESIDENT), "referee", str(bad)], ""),
        "missing file": ([str(PRESIDENT), "referee", str(folder / "missing.json")], ""),
    }
    started = {
        name: (
            subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            ),
            stdin,
        )
        for name, (argv, stdin) in commands.items()
    }
    runs = {}
    for name, (process, stdin) in started.items():
        out, err = process.communicate(stdin, timeout=120)
        runs[name] = (process.returncode, out, err)
    return runs


def test_the_command_reads_a_script_from_stdin_and_from_a_file_alike(
    real_runs: dict[str, tuple[int, str, str]],
) -> None:
    from_stdin, from_file = real_runs["stdin"], real_runs["file"]

    assert from_stdin[0] == 0 and from_file[0] == 0
    assert from_stdin[1] == from_file[1]
    assert json.loads(from_stdin[1])["results"] == GOOD_RESULTS


@pytest.mark.parametrize("name", ["bad file", "missing file"])
def test_the_command_answers_bad_input_with_status_2_and_no_traceback(
    name: str, real_runs: dict[str, tuple[int, str, str]]
) -> None:
    status, out, err = real_runs[name]

    assert_invalid_input(status, out)
    assert "Traceback" not in err
