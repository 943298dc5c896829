"""The order of levels and the paired gaps between neighbours, on hand-made records."""

from __future__ import annotations

import json
import math

from president.ai import Level
from president.ai.tournament import PlayedGame, SeatRecord
from president.ai.tournament.stats import summarize, t95
from president_tools.cli import app
from typer.testing import CliRunner


def game(deal: int, rotation: int, *points: tuple[Level, int]) -> PlayedGame:
    """One single-round game: each seat's level and points (N = first, 1 = last)."""
    players = len(points)
    seats = tuple(SeatRecord(level, (players + 1 - p,), (p,)) for level, p in points)
    return PlayedGame(deal, rotation, seats, {})


E, R, M = Level.EASY, Level.RANDOM, Level.MEDIUM


def test_levels_are_ordered_by_points_and_each_gap_is_paired_by_deal() -> None:
    records = [
        # deal 0: medium 3, easy 2, random 1 in both rotations -> medium - easy = 1
        game(0, 0, (M, 3), (E, 2), (R, 1)),
        game(0, 1, (E, 2), (M, 3), (R, 1)),
        # deal 1: each beats the other once -> medium - easy = 2.5 - 2.5 = 0
        game(1, 0, (M, 3), (E, 2), (R, 1)),
        game(1, 1, (E, 3), (M, 2), (R, 1)),
        # deal 2: easy last twice, medium first twice -> medium - easy = 3 - 1 = 2
        game(2, 0, (M, 3), (R, 2), (E, 1)),
        game(2, 1, (E, 1), (M, 3), (R, 2)),
    ]
    result = summarize(records, players=3)
    assert result.order == (R, E, M)
    easy_over_random, medium_over_easy = result.gaps
    assert (easy_over_random.higher, easy_over_random.lower) == (E, R)
    assert (medium_over_easy.higher, medium_over_easy.lower) == (M, E)
    samples = [1.0, 0.0, 2.0]  # medium minus easy, per deal
    mean = sum(samples) / 3
    spread = math.sqrt(sum((s - mean) ** 2 for s in samples) / 2)
    half = t95(2) * spread / math.sqrt(3)
    assert medium_over_easy.deals == 3
    assert math.isclose(medium_over_easy.difference, mean)
    assert math.isclose(medium_over_easy.ci95_low, mean - half)
    assert math.isclose(medium_over_easy.ci95_high, mean + half)
    # Three deals this spread apart do not show medium ahead, so the order does not hold.
    assert medium_over_easy.ci95_low < 0
    assert not result.order_holds


def test_pairing_by_deal_sees_a_steady_edge_that_the_levels_own_intervals_miss() -> None:
    # Every other deal is lucky for a random seat; medium is always one place above easy.
    records = []
    for deal in range(4):
        if deal % 2:
            records.append(game(deal, 0, (M, 4), (E, 3), (R, 1), (R, 2)))
        else:
            records.append(game(deal, 0, (R, 4), (M, 3), (E, 2), (R, 1)))
    result = summarize(records, players=4)
    assert result.order == (R, E, M)
    medium, easy = result.levels[M], result.levels[E]
    assert medium.ci95_low < easy.ci95_high  # side by side they overlap
    gap = result.gaps[-1]
    assert (gap.higher, gap.lower, gap.difference) == (M, E, 1.0)
    assert gap.ci95_low == gap.ci95_high == 1.0  # paired, there is no doubt
    assert result.order_holds is False  # random and easy cannot be told apart


def test_one_deal_leaves_the_gap_bounds_unknown() -> None:
    result = summarize([game(0, 0, (M, 3), (E, 2), (R, 1))], players=3)
    assert not result.order_holds
    assert result.gaps[0].to_dict() == {
        "higher": "easy",
        "lower": "random",
        "deals": 1,
        "difference": 1.0,
        "ci95_low": None,
        "ci95_high": None,
    }


def test_a_single_level_has_no_gaps_and_nothing_to_order() -> None:
    result = summarize([game(0, 0, (E, 3), (E, 2), (E, 1))], players=3)
    assert result.order == (E,)
    assert result.gaps == ()


def test_the_command_reports_the_order_and_gaps_as_json_and_as_text() -> None:
    args = ["tournament", "--lineup", "medium,random", "--players", "3", "--deals", "4"]
    as_json = CliRunner().invoke(app, [*args, "--seed", "4", "--workers", "1", "--json"])
    assert as_json.exit_code == 0, as_json.output
    report = json.loads(as_json.output)
    assert report["order"] == ["random", "medium"]
    (gap,) = report["gaps"]
    assert (gap["higher"], gap["lower"], gap["deals"]) == ("medium", "random", 4)
    assert gap["ci95_low"] <= gap["difference"] <= gap["ci95_high"]
    assert report["order_holds"] == (gap["ci95_low"] > 0)
    medium, random_ = (report["levels"][name]["points_per_round"] for name in ("medium", "random"))
    assert math.isclose(gap["difference"], medium - random_, abs_tol=1e-3)
    text = CliRunner().invoke(app, [*args, "--seed", "4", "--workers", "1", "--locale", "en"])
    assert "order, fewest points first: Random < Medium" in text.output
    assert "Medium - Random:" in text.output
