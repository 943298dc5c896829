"""`president chaos`: the chaos experiments of issue 13 and their figures; `--soak SECONDS`."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Annotated, Any

import typer

from president_tools.cli.app import app


@app.command()
def chaos(
    only: Annotated[
        str | None,
        typer.Option("--only", help="Run only these experiments: NAME[,NAME]."),
    ] = None,
    soak: Annotated[
        float | None,
        typer.Option(
            "--soak",
            min=1,
            help="Instead of the experiments: play for SECONDS and report memory and throughput.",
        ),
    ] = None,
    tables: Annotated[int, typer.Option(min=1, help="All-AI games in play at once.")] = 8,
    rounds: Annotated[int, typer.Option(min=1, help="Rounds of each game.")] = 3,
    list_them: Annotated[bool, typer.Option("--list", help="List the experiments.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play many all-AI tables on a local stack (embedded servers in a temporary
    directory), inject one fault per experiment, keep playing, then check that every game
    finished and audits clean, that no event was lost or doubled in the log nor on the
    relay's subjects, that every process serves again, and how long recovery took.

    Exits 1 when an experiment fails.
    """
    from president_tools.chaos import EXPERIMENTS, ChaosLab, LabOptions
    from president_tools.loadtest import LoadOptions

    if list_them:
        for experiment in EXPERIMENTS:
            typer.echo(f"{experiment.name:<24} {experiment.description}")
        return
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s")
    options = LabOptions(load=LoadOptions(tables=tables, players=4, rounds=rounds, level="easy"))
    if soak is not None:
        from president_tools.chaos.soak import run_soak

        report = asyncio.run(run_soak(soak, options))
        if as_json:
            typer.echo(json.dumps(report))
        else:
            _print_soak(report)
        return
    names = [e.name for e in EXPERIMENTS]
    if only is not None:
        wanted = [n.strip() for n in only.split(",") if n.strip()]
        unknown = sorted(set(wanted) - set(names))
        if unknown:
            raise typer.BadParameter(f"unknown experiment(s) {unknown}; --list shows them")
        names = [n for n in names if n in wanted]

    async def run_all() -> list[dict[str, Any]]:
        results = []
        async with ChaosLab(EXPERIMENTS, options) as lab:
            for name in names:
                if not as_json:
                    typer.echo(f"running {name} ...", err=True)
                result = await lab.run(name)
                results.append(result.to_json())
                if not as_json:
                    _print_row(results[-1])
        return results

    results = asyncio.run(run_all())
    if as_json:
        typer.echo(json.dumps({"experiments": results}))
    if not all(r["passed"] for r in results):
        raise typer.Exit(code=1)


def _print_row(r: dict[str, Any]) -> None:
    recovery = "-" if r["recovery_s"] is None else f"{r['recovery_s']:.1f}s"
    typer.echo(
        f"{r['name']:<24} fault {r['fault_s']:>6.1f}s  recovery {recovery:>7}  "
        f"games {r['games_finished']}/{r['games_started']}  audits clean {r['audits_clean']}  "
        f"lost {r['events_lost']}  doubled {r['events_doubled']}  "
        f"{'PASS' if r['passed'] else 'FAIL: ' + r['detail']}"
    )


def _print_soak(report: dict[str, Any]) -> None:
    typer.echo(
        f"{report['actions_per_s']:.0f} actions/s for {report['duration_s']:.0f}s; "
        f"{report['games_finished']} games finished, {report['audits_clean']} audited clean"
    )
    for name, memory in report["rss_mb"].items():
        typer.echo(
            f"{name:<12} {memory['start']:>7.1f} MB at start, {memory['after_first_minute']} "
            f"after the first minute, {memory['end']:>7.1f} MB at the end"
        )
