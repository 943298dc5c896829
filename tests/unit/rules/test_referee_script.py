"""RULES.md appendix: the referee's verdict per action, rounds, scores, and its corner cases."""

from __future__ import annotations

import pytest
from president.rules import InvalidGameInput, deal_from_seed
from president.rules.deal import round_seed
from president.rules.referee import run_script

from .table import ladder_deal, ladder_round_actions


def test_at_game_over_reversed_is_the_order_the_last_round_ended_in() -> None:
    output = run_script({"players": 4, "deals": [ladder_deal()], "actions": ladder_round_actions()})

    assert output["results"][-1] == {
        "ok": True,
        "phase": "game_over",
        "to_act": None,
        "reversed": True,
    }
    assert output["game_over"] is True
    assert output["rounds"] == [
        {
            "finish_order": [0, 1, 2, 3],
            "points": [4, 3, 2, 1],
            "titles": ["president", "vice_president", "vice_asshole", "asshole"],
        }
    ]


def test_after_a_round_ends_and_another_begins_reversed_is_false_and_returns_are_awaited() -> None:
    actions = ladder_round_actions()
    script = {
        "players": 4,
        "options": {"rounds": 2},
        "deals": [ladder_deal(), ladder_deal()],
        "actions": actions,
    }
    output = run_script(script)

    assert len(output["results"]) == len(actions)
    assert output["results"][-1] == {
        "ok": True,
        "phase": "exchange",
        "to_act": None,
        "reversed": False,
        "awaiting": [0, 1],
    }
    assert output["scores"] == [4, 3, 2, 1] and output["game_over"] is False


def test_a_seed_deals_round_r_from_the_seed_text_and_round() -> None:
    actions = [{"seat": 0, "pass": True}]
    seeded = run_script({"players": 5, "seed": "abc", "actions": actions})
    hands = deal_from_seed(round_seed("abc", 1), 5, 0)
    dealt = run_script({"players": 5, "deals": [[list(h) for h in hands]], "actions": actions})

    assert round_seed("abc", 1) == "abc:1"
    assert seeded == dealt


def test_a_rejected_action_is_described_by_the_unchanged_state() -> None:
    output = run_script(
        {"players": 4, "deals": [ladder_deal()], "actions": [{"seat": 2, "pass": True}]}
    )
    assert output["results"] == [
        {"ok": False, "error": "NOT_YOUR_TURN", "phase": "play", "to_act": 0, "reversed": False}
    ]


def test_a_script_that_breaks_the_format_raises_invalid_game_input() -> None:
    with pytest.raises(InvalidGameInput):
        run_script({"players": 4, "deals": [ladder_deal()], "seed": 1})
