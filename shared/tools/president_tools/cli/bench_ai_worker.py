"""`president bench ai-worker`: one AI-worker process alone, CPU per decision."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from president_tools.cli.app import bench_app
from president_tools.loadtest.decisions import DecisionBenchOptions, run_decision_bench


@bench_app.command("ai-worker")
def bench_ai_worker(
    decisions: Annotated[int, typer.Option(min=100, help="Decisions measured.")] = 3000,
    rate: Annotated[
        float, typer.Option(min=0, help="Requests per second (0: all at once, queue full).")
    ] = 400.0,
    concurrency: Annotated[int, typer.Option(min=1, help="The worker's concurrency.")] = 8,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    profile: Annotated[
        Path | None,
        typer.Option(
            help="Write the worker's CPU profile over the measured window to this folder "
            "(as `bench e2e --profile`).",
        ),
    ] = None,
) -> None:
    """Feed one `serve ai-worker` process real Easy decision requests (random 4-player
    rounds) at ``rate`` per second, answer its commands with a stand-in engine, and
    measure its CPU per decision, on an embedded NATS (authenticated, as in production)
    started and stopped for the run."""
    options = DecisionBenchOptions(
        decisions=decisions, rate=rate, concurrency=concurrency, profile=profile
    )
    scratch = Path(tempfile.mkdtemp(prefix="president-bench-ai-"))
    try:
        report = run_decision_bench(options, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    report["load_avg_1m"] = round(os.getloadavg()[0], 2)
    if as_json:
        typer.echo(json.dumps(report))
        return
    typer.echo(
        f"{report['decisions']} decisions in {report['seconds']} s "
        f"({report['decisions_per_s']}/s, offered {rate:g}/s): worker CPU "
        f"{report['cpu_us_per_decision']} µs per decision; requests of "
        f"{report['request_bytes_mean']} bytes on average; load average {report['load_avg_1m']}"
    )
