"""`president web`: the browser table on one machine (the embedded servers and every
service, like `president demo`, then the web process); prints the page's URL."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Annotated

import typer
from president.settings import load_settings

from president_tools.cli.app import app
from president_tools.stack import ProcessStartError, ServiceStack, StackConfig
from president_tools.stack.settings import StackSettings


@app.command()
def web(
    ai_workers: Annotated[int, typer.Option(min=1, help="AI-worker processes.")] = 1,
    data_dir: Annotated[
        Path | None, typer.Option(help="Embedded servers' data and logs [PRESIDENT_DATA_DIR].")
    ] = None,
) -> None:
    """Play in a browser: serve the page and its lobby API until Ctrl-C.

    Starts the embedded PostgreSQL and NATS (with its WebSocket listener and auth
    callout) or uses PRESIDENT_DATABASE_URL, then the relay, table, engine, AI-worker
    and auditor processes and `president serve web`; stops everything it started at
    the end. Open the printed URL, choose the AI seats and play.
    """
    settings = load_settings(cls=StackSettings)
    if data_dir is not None:
        settings = settings.model_copy(update={"data_dir": data_dir.expanduser().absolute()})
    if settings.nats_url is not None:
        typer.echo(
            "president web runs on the embedded NATS (its WebSocket listener and auth callout);"
            " with a configured NATS run `president serve web` (docs/settings.md)",
            err=True,
        )
        raise typer.Exit(code=2)
    config = StackConfig(
        ai_workers=ai_workers,
        auditors=1,
        web=True,
        log_level="WARNING",
        prefix=settings.subject_prefix,
    )
    started = time.monotonic()
    typer.echo("Starting PostgreSQL, NATS, the relay, the services and the web page ...")
    stop = {"asked": False}

    def asked(signum: int, frame: object) -> None:
        stop["asked"] = True

    try:
        with ServiceStack(config, settings) as stack:
            typer.echo(f"  logs in {stack.run_dir}")
            typer.echo(
                f"Open {stack.web_url} in a browser (ready in"
                f" {time.monotonic() - started:.1f}s); Ctrl-C stops everything."
            )
            for signum in (signal.SIGTERM, signal.SIGINT):
                signal.signal(signum, asked)
            while not stop["asked"] and all(
                stack.processes[name].alive() for name in stack.names("web")
            ):
                time.sleep(0.2)
    except ProcessStartError as error:
        typer.echo(f"a service did not start: {error}", err=True)
        raise typer.Exit(code=1) from error
