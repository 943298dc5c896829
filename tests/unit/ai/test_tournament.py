"""Seeded tournaments: the levels come out in order, and a seed repeats its figures."""

from __future__ import annotations

import json

from president.ai import Level
from president.ai.tournament import TournamentSpec, parse_lineup, run_tournament
from president_tools.cli import app
from typer.testing import CliRunner


def test_a_small_seeded_tournament_ranks_easy_above_random_and_medium_above_easy() -> None:
    # The pairings: Easy against three Random, Medium against three Easy.
    # The paired gap (per deal, same cards) must exclude zero, not just the means differ.
    easy_vs_random = run_tournament(
        TournamentSpec(4, parse_lineup("easy,random,random,random"), 40, 2026)
    )
    assert easy_vs_random.order == (Level.RANDOM, Level.EASY)
    assert easy_vs_random.order_holds
    easy, random_ = (easy_vs_random.levels[level] for level in (Level.EASY, Level.RANDOM))
    assert easy.points_per_round >= 3.3
    assert easy.ci95_low > random_.ci95_high
    medium_vs_easy = run_tournament(
        TournamentSpec(4, parse_lineup("medium,easy,easy,easy"), 40, 2026)
    )
    assert medium_vs_easy.order == (Level.EASY, Level.MEDIUM)
    assert medium_vs_easy.order_holds
    assert medium_vs_easy.levels[Level.MEDIUM].ci95_low > 2.6


def test_every_level_sits_at_every_seat_of_every_deal() -> None:
    spec = TournamentSpec(5, parse_lineup("easy,random,random"), deals=3, seed=1)
    figures = run_tournament(spec).levels
    # 3 rotations x 5 seats x 3 deals, the lineup cycled over the seats.
    assert figures[Level.EASY].seats + figures[Level.RANDOM].seats == 45
    assert figures[Level.EASY].seats == 2 * 3 + 1 * 3 + 2 * 3


def test_the_same_seed_gives_the_same_figures_in_one_or_two_processes() -> None:
    spec = TournamentSpec(
        3, parse_lineup("hard,medium,random"), deals=1, seed=9, rounds=2, iterations=3
    )
    one = run_tournament(spec, workers=1).levels
    two = run_tournament(spec, workers=2).levels
    strip = lambda f: {k: v for k, v in f.to_dict().items() if "ms" not in k}  # noqa: E731
    assert {k: strip(v) for k, v in one.items()} == {k: strip(v) for k, v in two.items()}


def test_the_command_prints_one_json_object_with_the_figures_per_level() -> None:
    args = ["tournament", "--lineup", "easy,random", "--players", "3", "--deals", "2"]
    result = CliRunner().invoke(app, [*args, "--seed", "4", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    for level in ("easy", "random"):
        figures = report["levels"][level]
        for key in (
            "points_per_round",
            "ci95_low",
            "ci95_high",
            "first_share",
            "last_share",
            "decision_p95_ms",
        ):
            assert isinstance(figures[key], float | int)


def test_the_command_refuses_an_unknown_level() -> None:
    result = CliRunner().invoke(app, ["tournament", "--lineup", "easy,wizard", "--workers", "1"])
    assert result.exit_code == 2
