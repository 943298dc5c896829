"""`president tournament`: AI levels against each other on seeded duplicate deals."""

from __future__ import annotations

import json
import os
import time
from typing import Annotated

import typer
from president.ai.tournament import TournamentResult, TournamentSpec, parse_lineup, run_tournament
from president.l10n import BidiMode, Localizer

from president_tools.cli.app import app
from president_tools.cli.locale_options import BidiOption, LocaleOption, chosen, terminal_lines

COLUMNS = (
    ("tournament-level", "<", 8),
    ("tournament-points", ">", 13),
    ("tournament-ci", ">", 18),
    ("tournament-first", ">", 8),
    ("tournament-last", ">", 8),
    ("tournament-p50", ">", 9),
    ("tournament-p95", ">", 9),
)
"""Each column's heading, alignment and least width (wider when a heading or level name is)."""


@app.command()
def tournament(
    lineup: Annotated[
        str, typer.Option(help="Levels by seat, comma-separated, cycled over the seats.")
    ] = "hard,medium,medium,medium",
    players: Annotated[int, typer.Option(min=3, max=6, help="Players per table.")] = 4,
    deals: Annotated[int, typer.Option(min=1, help="Deals, each played once per rotation.")] = 50,
    seed: Annotated[int, typer.Option(help="Seed of the deals and of the bots' streams.")] = 1,
    rounds: Annotated[
        int, typer.Option(min=1, help="Rounds per game (2+: series with exchanges).")
    ] = 1,
    budget_ms: Annotated[
        float | None, typer.Option(help="Hard's time per decision (default 100 ms).")
    ] = None,
    iterations: Annotated[
        int | None,
        typer.Option(min=1, help="Hard's deals per decision instead of a time budget."),
    ] = None,
    workers: Annotated[
        int | None, typer.Option(min=1, help="Processes (default: one per core).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    locale: LocaleOption = None,
    bidi: BidiOption = BidiMode.VISUAL,
) -> None:
    """Play every deal once per rotation of the lineup and print each level's points per
    round (95% interval over deals), first and last shares and decision times, then the
    levels in order with the gap between neighbours (paired by deal, 95% interval).

    Results repeat exactly for a seed unless Hard runs on a time budget.
    """
    try:
        levels = parse_lineup(lineup)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--lineup") from exc
    spec = TournamentSpec(players, levels, deals, seed, rounds, budget_ms, iterations)
    started = time.perf_counter()
    result = run_tournament(spec, workers or os.cpu_count() or 1)
    elapsed = time.perf_counter() - started
    if as_json:
        typer.echo(json.dumps(_report(spec, result, elapsed)))
        return
    l10n = chosen(locale)
    shown = terminal_lines(l10n, bidi)
    for line in table_lines(spec, result, elapsed, l10n):
        typer.echo(shown(line))


def _report(spec: TournamentSpec, result: TournamentResult, elapsed: float) -> dict[str, object]:
    return {
        "players": spec.players,
        "lineup": [level.value for level in spec.lineup],
        "deals": spec.deals,
        "rotations": spec.rotations,
        "rounds": spec.rounds,
        "seed": spec.seed,
        "budget_ms": spec.budget_ms,
        "iterations": spec.iterations,
        "seconds": round(elapsed, 2),
        "levels": {level: f.to_dict() for level, f in result.levels.items()},
        "order": [level.value for level in result.order],
        "gaps": [gap.to_dict() for gap in result.gaps],
        "order_holds": result.order_holds,
    }


def table_lines(
    spec: TournamentSpec, result: TournamentResult, elapsed: float, l10n: Localizer
) -> list[str]:
    """The table a person reads, in ``l10n``'s words (levels by the sheets' names)."""
    level = l10n.ai_level
    headings = [l10n.text(key) for key, _, _ in COLUMNS]
    names = [level(name) for name in result.levels]
    widths = [max(least, len(h) + 2) for h, (_, _, least) in zip(headings, COLUMNS, strict=True)]
    widths[0] = max(widths[0], *(len(n) + 2 for n in names))
    lines = [
        l10n.text(
            "tournament-header",
            games=spec.deals * spec.rotations,
            deals=spec.deals,
            rotations=spec.rotations,
            players=spec.players,
            rounds=spec.rounds,
            seed=str(spec.seed),
            seconds=round(elapsed, 1),
            neutral=(spec.players + 1) / 2,
        ),
        _row(headings, widths),
    ]
    for name, f in zip(names, result.levels.values(), strict=True):
        cells = [
            name,
            f"{f.points_per_round:.3f}",
            f"[{f.ci95_low:.3f}, {f.ci95_high:.3f}]",
            f"{f.first_share:.1%}",
            f"{f.last_share:.1%}",
            f"{f.decision_p50_ms:.2f}",
            f"{f.decision_p95_ms:.2f}",
        ]
        lines.append(_row(cells, widths))
    if not result.gaps:
        return lines
    lines.append(l10n.text("tournament-order", order=" < ".join(map(level, result.order))))
    for gap in result.gaps:
        lines.append(
            "  "
            + l10n.text(
                "tournament-gap",
                higher=level(gap.higher),
                lower=level(gap.lower),
                difference=f"{gap.difference:+.3f}",
                low=f"{gap.ci95_low:+.3f}",
                high=f"{gap.ci95_high:+.3f}",
                deals=gap.deals,
                ahead="yes" if gap.ci95_low > 0 else "no",
            )
        )
    return lines


def _row(cells: list[str], widths: list[int]) -> str:
    return "".join(
        f"{cell:{align}{width}}"
        for cell, width, (_, align, _) in zip(cells, widths, COLUMNS, strict=True)
    )
