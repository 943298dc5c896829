"""The command trace counts what it says, and a game command's route does not grow back."""

from __future__ import annotations

import pytest
from president_tools.command_trace import command_figures

pytestmark = pytest.mark.unit

CEILINGS = {
    "accepted": {"calls": 63, "files": 23},
    "refused": {"calls": 18, "files": 10},
}
"""The route as measured (warm) on 2026-12-04, once a command carried its table id (no
stream id parsed back) and the seat checks and tokens became one module (65 calls in 24
files, and 18 in 11, before that; earlier that day the parse, the in-memory append and
the fold's bookkeeping lost their helper hops; the token's hash and the cache's forget
are called, not copied; 2026-12-03: 86 calls in 25 files, and 21
in 11, once a decision's state was kept rather than folded again; before that 128 in 27,
and 47 in 15; 2026-12-02, before the command path became one function: 139 in 28, and
63 in 17). Issue 17 aims at 40 calls in 10 files, and 25 calls: lower these as the route
shortens, never raise them."""


def test_an_accepted_move_travels_further_than_a_forged_one_and_both_are_counted() -> None:
    figures = command_figures()
    accepted, refused = figures["accepted"], figures["refused"]
    # both pass admission, the parse and the engine's entry; the refusal stops at the token
    assert refused["calls"] >= 10 and refused["files"] >= 3
    assert accepted["calls"] > refused["calls"] and accepted["files"] >= refused["files"]
    assert 0 < accepted["returns_to_another_file"] < accepted["calls"]


def test_a_game_command_takes_no_longer_route_than_its_ceiling() -> None:
    figures = command_figures()

    for outcome, ceiling in CEILINGS.items():
        route = figures[outcome]
        assert route["calls"] <= ceiling["calls"], (outcome, route)
        assert route["files"] <= ceiling["files"], (outcome, route)
