"""The command trace counts what it says: project calls between request and reply."""

from __future__ import annotations

import pytest
from president_tools.command_trace import command_figures

pytestmark = pytest.mark.unit


def test_an_accepted_move_travels_further_than_a_forged_one_and_both_are_counted() -> None:
    figures = command_figures()
    accepted, refused = figures["accepted"], figures["refused"]
    # both pass admission, the parse and the engine's entry; the refusal stops at the token
    assert refused["calls"] >= 10 and refused["files"] >= 3
    assert accepted["calls"] > refused["calls"] and accepted["files"] >= refused["files"]
    assert 0 < accepted["returns_to_another_file"] < accepted["calls"]
