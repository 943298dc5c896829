"""`president bench tickets`: bad seat tickets flood the browsers' WebSocket listener while
all-AI games play."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

import typer

from president_tools.cli.app import bench_app
from president_tools.cli.bench_stack import bench_settings, bench_stack
from president_tools.loadtest.tickets import TicketFloodOptions, measure_ticket_flood
from president_tools.stack import ServiceStack, StackConfig


@bench_app.command("tickets")
def bench_tickets(
    tables: Annotated[int, typer.Option(min=1, help="All-AI games in play at once.")] = 8,
    rate: Annotated[float, typer.Option(min=1, help="Bad-ticket connects per second.")] = 1000.0,
    seconds: Annotated[float, typer.Option(min=1, help="Seconds of flood at that rate.")] = 15.0,
    before: Annotated[float, typer.Option(min=1, help="Seconds measured before.")] = 8.0,
    warmup: Annotated[float, typer.Option(min=0, help="Seconds before measuring.")] = 3.0,
    level: Annotated[str, typer.Option(help="AI level of every seat.")] = "easy",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play ``tables`` all-AI tables and measure their actions/s, then open ``rate`` x
    ``seconds`` browser connections with bad tickets on the WebSocket listener (as fast as
    this process can, up to ``rate`` a second) and measure again: the share of their pace
    the games keep (issue 34's target: 70 %), what the attempts were answered, and the
    auth callout's CPU per attempt. The flooder runs on the same machine: on a small one
    it takes CPU from the games too, so a control (half of ``seconds`` before the flood,
    half after) measures them while a busy loop burns the flooder's CPU per second with
    no flood: the flood against the control is what its server side alone costs.
    Embedded servers in a temporary directory unless PRESIDENT_DATABASE_URL /
    PRESIDENT_NATS_URL are set."""
    options = TicketFloodOptions(
        tables=tables, level=level, warmup=warmup, before=before, rate=rate, seconds=seconds
    )
    with bench_settings("tickets") as settings:
        config = StackConfig(
            durable=False, web=True, log_level="WARNING", prefix=settings.subject_prefix
        )
        with bench_stack(config, settings) as stack:
            report = run_ticket_bench(stack, options)
    if as_json:
        typer.echo(json.dumps(report))
        return
    flood, control = report["flood"], report["control"]
    typer.echo(
        f"{tables} tables: {report['before_actions_per_s']} actions/s before,"
        f" {report['during_actions_per_s']} during the flood (kept {report['kept']:.0%}),"
        f" {report['control_actions_per_s']} in the control"
        f" (the flood kept {report['kept_vs_control']:.0%} of that)"
    )
    typer.echo(
        f"flood: {flood['attempts']} attempts at {flood['per_s']}/s; answers {flood['answers']};"
        f" the callout's CPU {report['callout_ms_per_attempt']} ms per attempt,"
        f" the flooder's own {flood['sending_cpu_s']} s in {flood['seconds']} s"
        f" ({flood['flooder_cpu_s']} s with its start)"
    )
    cost = report["flood_ms_per_attempt"]
    typer.echo(
        "CPU ms per attempt beyond the control's rate: "
        + ", ".join(f"{name} {cost[name]}" for name in ("nats-server", "web-1") if name in cost)
    )
    typer.echo(
        f"control (half before the flood, half after, no flood): a busy loop burned"
        f" {report['control_cpu_s']} s in {control['window_s']} s (the flooder's"
        f" {control['flooder_cpu_per_s']} s a second); actions/s"
        f" {' and '.join(str(half['actions_per_s']) for half in control['halves'])}"
    )
    for window in ("before", "during", "control"):
        typer.echo(f"CPU s {window}: {report[f'cpu_s_{window}']}")
    typer.echo(f"games: {report['games_started']} started, {report['games_ended']} ended")


def run_ticket_bench(stack: ServiceStack, options: TicketFloodOptions) -> dict[str, Any]:
    """The flood measured on a running ``stack`` with the web process (``web=True``), with
    the callout's CPU per attempt (``callout_ms_per_attempt``)."""
    side = stack.nats_web
    assert side is not None, "the stack runs no web process"
    report = asyncio.run(
        measure_ticket_flood(
            stack.client_url,
            stack.prefix,
            side.door_url,
            side.web_origin,
            options,
            stack.service_pids() | stack.server_pids(),
        )
    )
    attempts = max(1, report["flood"]["attempts"])
    report["callout_ms_per_attempt"] = round(
        report["cpu_s_during"].get("web-1", 0.0) * 1000 / attempts, 3
    )
    report["flood_ms_per_attempt"] = flood_cost(report)
    return report


def flood_cost(report: dict[str, Any]) -> dict[str, float]:
    """Each process's CPU during the flood beyond what the control says it would have spent
    in its place, per attempt (ms): what one refused connect costs it. nats-server's is
    scaled by the games' actions (its other work is their messages, so a flood window
    where they play faster or slower than in the control is not counted as the flood's),
    the other processes' by the time."""
    attempts = max(1, report["flood"]["attempts"])
    control = report["control"]
    control_actions = sum(half["actions"] for half in control["halves"])
    by_time = report["during_s"] / control["window_s"] if control["window_s"] else 0.0
    by_actions = report["during_actions"] / control_actions if control_actions else by_time
    return {
        name: round(
            (
                cpu
                - report["cpu_s_control"].get(name, 0.0)
                * (by_actions if name == "nats-server" else by_time)
            )
            * 1000
            / attempts,
            3,
        )
        for name, cpu in report["cpu_s_during"].items()
    }
