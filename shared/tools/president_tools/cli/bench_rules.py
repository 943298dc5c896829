"""`president bench rules`: random legal 4-player rounds through the pure engine."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from president.rules.options import Options
from president.rules.playout import random_playout

from president_tools.cli.app import bench_app


@bench_app.command("rules")
def bench_rules(
    rounds: Annotated[int, typer.Option(help="Rounds to play.")] = 3000,
    players: Annotated[int, typer.Option(help="Players per table.")] = 4,
    seed: Annotated[int, typer.Option(help="First seed.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play random legal single-round games (deal and legal-action generation included)."""
    options = Options(players=players, rounds=1)
    actions = 0
    started = time.perf_counter()
    for offset in range(rounds):
        actions += random_playout(options, seed + offset).actions
    elapsed = time.perf_counter() - started
    figures = {
        "players": players,
        "rounds": rounds,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "rounds_per_s": round(rounds / elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
    }
    if as_json:
        typer.echo(json.dumps(figures))
        return
    typer.echo(
        f"{rounds} rounds of {players} players, {actions} actions in {elapsed:.2f} s: "
        f"{figures['rounds_per_s']:.0f} rounds/s, {figures['actions_per_s']:.0f} actions/s"
    )
