"""`president bench flood`: one identity floods the services with junk while others play."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

import typer

from president_tools.cli.app import bench_app
from president_tools.cli.bench_stack import bench_settings, bench_stack
from president_tools.loadtest.flood import FloodOptions, flood_user, measure_flood
from president_tools.stack import ServiceStack, StackConfig


@bench_app.command("flood")
def bench_flood(
    tables: Annotated[int, typer.Option(min=1, help="All-AI games in play at once.")] = 8,
    messages: Annotated[int, typer.Option(min=1, help="Hostile messages sent.")] = 10_000,
    rate: Annotated[float, typer.Option(min=1, help="Hostile messages per second.")] = 360.0,
    before: Annotated[float, typer.Option(min=1, help="Seconds measured before.")] = 8.0,
    warmup: Annotated[float, typer.Option(min=0, help="Seconds before measuring.")] = 4.0,
    level: Annotated[str, typer.Option(help="AI level of every seat.")] = "easy",
    ai_workers: Annotated[int, typer.Option(min=1, help="AI-worker processes.")] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play ``tables`` all-AI tables as one integrator, measure their actions/s, then send
    ``messages`` hostile messages (not JSON, control characters, deep JSON, huge ids,
    bodies near max_payload, forged moves, a CreateTable storm) at ``rate`` per second
    from another integrator identity, measuring again; let every game end and audit it.
    Prints actions/s before and during, the replies by kind and code, the audits and
    whether any service restarted. Embedded servers in a temporary directory unless
    PRESIDENT_DATABASE_URL / PRESIDENT_NATS_URL are set."""
    options = FloodOptions(
        tables=tables, level=level, warmup=warmup, before=before, messages=messages, rate=rate
    )
    with bench_settings("flood") as settings:
        config = StackConfig(
            durable=False,
            ai_workers=ai_workers,
            log_level="WARNING",
            prefix=settings.subject_prefix,
            extra_nats_users=(flood_user(settings.subject_prefix),),
        )
        with bench_stack(config, settings) as stack:
            report = run_flood_bench(stack, options)
    if as_json:
        typer.echo(json.dumps(report))
        return
    typer.echo(
        f"{report['tables_in_play']} tables: {report['before']['actions_per_s']} actions/s"
        f" before, {report['during']['actions_per_s']} during the flood"
        f" (kept {report['kept']:.0%})"
    )
    flood = report["flood"]
    typer.echo(
        f"flood: {flood['sent']} messages in {flood['seconds']} s; replies {flood['by_code']}"
    )
    for kind, codes in flood["by_kind"].items():
        typer.echo(f"  {kind}: {codes}")
    typer.echo(
        f"games: {report['games_started']} started, {report['games_ended']} ended,"
        f" audits {report['audits']}; services restarted: {report['restarted']}"
    )


def run_flood_bench(stack: ServiceStack, options: FloodOptions) -> dict[str, Any]:
    """The flood measured on a running ``stack`` (which must know ``flood_user``)."""
    pids = stack.service_pids()
    servers = stack.server_pids()
    report = asyncio.run(
        measure_flood(
            stack.client_url,
            stack.url_for(flood_user(stack.prefix).name),
            stack.database_url,
            stack.prefix,
            options,
            pids | servers,
        )
    )
    after = {name: p.pid for name, p in stack.processes.items() if p.alive()}
    report["restarted"] = sorted(name for name, pid in pids.items() if after.get(name) != pid)
    return report
