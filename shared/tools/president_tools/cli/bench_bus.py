"""`president bench bus`: one request-reply handler and one JetStream consumer on FastStream
and on plain nats-py, side by side in one run: CPU per message and throughput."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Annotated

import typer
from president.settings import Settings, load_settings

from president_tools.cli.app import bench_app
from president_tools.infra.nats import EmbeddedNats
from president_tools.loadtest.bus import FRAMEWORKS, KINDS, Run, measure, report


@bench_app.command("bus")
def bench_bus(
    messages: Annotated[int, typer.Option(min=100, help="Messages per run.")] = 5000,
    in_flight: Annotated[int, typer.Option(min=1, help="Requests in flight at once.")] = 16,
    rounds: Annotated[int, typer.Option(min=1, help="Runs of each, alternated.")] = 3,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Measure on PRESIDENT_NATS_URL's server (it must allow JetStream and any subject),
    else on an embedded open server started (and stopped) for the run. Each handler runs
    in a process of its own; its CPU is read from /proc over the measured window."""
    url = load_settings(cls=Settings).nats_url
    scratch = Path(tempfile.mkdtemp(prefix="president-bench-bus-"))
    server = None
    try:
        if url is None:
            server = EmbeddedNats(scratch / "nats", auth=False)
            url = server.start()
        runs: list[Run] = []
        for _ in range(rounds):
            for kind in KINDS:
                for framework in FRAMEWORKS:
                    runs.append(measure(framework, kind, url, scratch, messages, in_flight))
                    if not as_json:
                        typer.echo(_line(runs[-1].to_json()))
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    result = report(runs) | {"load_avg_1m": os.getloadavg()[0], "in_flight": in_flight}
    if as_json:
        typer.echo(json.dumps(result))
        return
    typer.echo("medians:")
    for figures in result["median"].values():
        typer.echo("  " + _line(figures))


def _line(figures: dict[str, float | str]) -> str:
    latency = ""
    if "p50_ms" in figures:
        latency = f", p50 {figures['p50_ms']:.2f} ms, p99 {figures['p99_ms']:.2f} ms"
    return (
        f"{figures['kind']:8} {figures['framework']:10} {figures['messages_per_s']:8.0f} msg/s, "
        f"{figures['cpu_us_per_message']:6.0f} us CPU per message{latency}"
    )
