"""`president tournament`: AI levels against each other on seeded duplicate deals."""

from __future__ import annotations

import json
import os
import time
from typing import Annotated

import typer
from president.ai.tournament import TournamentResult, TournamentSpec, parse_lineup, run_tournament

from president_tools.cli.app import app


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
    _print_table(spec, result, elapsed)


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


def _print_table(spec: TournamentSpec, result: TournamentResult, elapsed: float) -> None:
    games = spec.deals * spec.rotations
    typer.echo(
        f"{games} games ({spec.deals} deals x {spec.rotations} rotations), "
        f"{spec.players} players, {spec.rounds} round(s) each, seed {spec.seed}, "
        f"{elapsed:.1f} s; neutral = {(spec.players + 1) / 2:g} points per round"
    )
    typer.echo(
        f"{'level':<8}{'points/round':>13}{'95% CI':>18}{'first':>8}{'last':>8}"
        f"{'p50 ms':>9}{'p95 ms':>9}"
    )
    for level, f in result.levels.items():
        typer.echo(
            f"{level:<8}{f.points_per_round:>13.3f}"
            f"{f'[{f.ci95_low:.3f}, {f.ci95_high:.3f}]':>18}"
            f"{f.first_share:>8.1%}{f.last_share:>8.1%}"
            f"{f.decision_p50_ms:>9.2f}{f.decision_p95_ms:>9.2f}"
        )
    if not result.gaps:
        return
    typer.echo(f"order, fewest points first: {' < '.join(result.order)}")
    for gap in result.gaps:
        verdict = "ahead" if gap.ci95_low > 0 else "not shown ahead"
        typer.echo(
            f"  {gap.higher} - {gap.lower}: {gap.difference:+.3f} points per round "
            f"[{gap.ci95_low:+.3f}, {gap.ci95_high:+.3f}] over {gap.deals} paired deals "
            f"({gap.higher} {verdict})"
        )
