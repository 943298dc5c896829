"""`president bench store`: the event store's appends and replay, against bare INSERTs."""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Annotated, Any

import typer
from president.settings import load_settings
from president.store.migrate import migrate

from president_tools import store_bench as bench
from president_tools.cli.app import bench_app
from president_tools.infra import create_database, drop_database, ensure_servers


async def _measure(
    database_url: str, appends: int, batches: int, synchronous_commit: bool
) -> dict[str, Any]:
    await migrate(database_url)
    return await bench.run(database_url, appends, batches, synchronous_commit=synchronous_commit)


@bench_app.command("store")
def bench_store(
    appends: Annotated[int, typer.Option(help="Single-event appends (and bare INSERTs).")] = 5000,
    batches: Annotated[int, typer.Option(help="Appends of 100-event batches.")] = 1000,
    synchronous_commit: Annotated[
        bool,
        typer.Option(
            "--sync-commit/--no-sync-commit",
            help="Commits wait for the WAL flush (off: for store and bare INSERT alike).",
        ),
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Measure on a scratch database of PRESIDENT_DATABASE_URL's server, else of an
    embedded server started (and stopped) for the run."""
    settings = load_settings()
    servers = ensure_servers(settings)
    name = f"bench_store_{uuid.uuid4().hex[:8]}"
    try:
        url = create_database(servers.database_url, name)
        try:
            figures = asyncio.run(_measure(url, appends, batches, synchronous_commit))
        finally:
            drop_database(servers.database_url, name)
    finally:
        servers.stop()
    figures["server"] = "configured" if settings.database_url else "embedded"
    if as_json:
        typer.echo(json.dumps(figures))
        return
    f = figures
    typer.echo(
        f"single appends: {f['append_per_s']:.0f}/s"
        f" (p50 {f['append_p50_ms']:.2f} ms, p99 {f['append_p99_ms']:.2f} ms)\n"
        f"bare INSERT:    {f['raw_insert_per_s']:.0f}/s"
        f" (p50 {f['raw_insert_p50_ms']:.2f} ms, p99 {f['raw_insert_p99_ms']:.2f} ms)"
        f" -> appends at {f['append_vs_raw']:.0%} of it\n"
        f"100-event batches: {f['batch_events_per_s']:.0f} events/s\n"
        f"replay of {f['replay_events']} events: {f['replay_events_per_s']:.0f} events/s"
        f" (read_all pages of 10000: {f['read_all_events_per_s']:.0f} events/s)"
    )
