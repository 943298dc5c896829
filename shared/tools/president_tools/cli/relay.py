"""`president relay`: the relay from the Postgres event log to JetStream, as a process."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

import typer

from president_tools.cli.app import app
from president_tools.cli.serve import role_settings, serve_role
from services.relay.main import create_relay
from services.relay.settings import RelaySettings


@app.command("relay")
def relay_command(
    database_url: Annotated[str | None, typer.Option(help="libpq URL of the event store")] = None,
    nats_url: Annotated[str | None, typer.Option(help="NATS URL (JetStream enabled)")] = None,
    stream: Annotated[
        str | None, typer.Option(help="JetStream stream to fill (default: <PREFIX>_EVENTS)")
    ] = None,
    prefix: Annotated[str | None, typer.Option(help="subject prefix of the events")] = None,
    name: Annotated[str | None, typer.Option(help="lock/checkpoint name (default: stream)")] = None,
    routing: Annotated[
        str | None,
        typer.Option(
            help="package.module:factory; factory(prefix) -> Routing. Default: the contract's"
            " (public, per-seat, lobby subjects). services.relay.routing:raw_routing"
            " publishes whole events, hands and seeds included."
        ),
    ] = None,
    poll_interval: Annotated[float | None, typer.Option(help="seconds between polls")] = None,
    batch_size: Annotated[int | None, typer.Option(help="events per acked batch")] = None,
    once: Annotated[bool, typer.Option(help="publish what is committed now, then exit")] = False,
    lease_ttl: Annotated[
        float | None,
        typer.Option(help="seconds the relay's lease lasts unrenewed [PRESIDENT_RELAY_LEASE_TTL]"),
    ] = None,
    from_position: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="publish the log again from this position on (a lost, purged or recreated"
            " stream: Postgres is the truth), after what the stream holds; then go on"
            " (or exit with --once) [PRESIDENT_RELAY_FROM_POSITION]",
        ),
    ] = None,
) -> None:
    """Publish committed events to JetStream in commit order until SIGTERM.

    Servers come from the options, else PRESIDENT_DATABASE_URL / PRESIDENT_NATS_URL,
    else the embedded servers of the data directory (started when not running). Without
    --once this is `president serve relay --no-migrate` with the options as settings.
    """
    options: dict[str, Any] = {
        "database_url": database_url,
        "nats_url": nats_url,
        "relay_stream": stream,
        "relay_prefix": prefix,
        "relay_name": name,
        "relay_routing": routing,
        "relay_poll_interval": poll_interval,
        "relay_batch_size": batch_size,
        "relay_lease_ttl": lease_ttl,
        "relay_from_position": from_position,
    }
    if not once:
        serve_role("relay", migrate=False, options=options, command="president relay")
        return
    settings = role_settings("relay", options, command="president relay")
    assert isinstance(settings, RelaySettings)
    assert settings.database_url is not None and settings.nats_url is not None
    relay = create_relay(settings, settings.database_url, settings.nats_url)
    count = asyncio.run(relay.run_once(from_position=settings.relay_from_position))
    typer.echo(f"published {count} events")
