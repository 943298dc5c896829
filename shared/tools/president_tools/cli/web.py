"""`president web`: the browser table on one machine (the embedded servers and every
service, like `president demo`, then the web process); prints the page's URL."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Annotated

import typer
from president.l10n import BidiMode
from president.settings import load_settings

from president_tools.cli.app import app
from president_tools.cli.locale_options import BidiOption, LocaleOption, chosen, terminal_lines
from president_tools.infra.nats import HOST, EmbeddedNats, WebSide
from president_tools.infra.processes import port_open
from president_tools.infra.servers import nats_dir
from president_tools.stack import ProcessStartError, ServiceStack, StackConfig
from president_tools.stack.settings import StackSettings

DEFAULT_PORT = 8000
"""Where `president web` serves the page unless told otherwise (as ``WebSettings.web_port``)."""


def _page_on(nats_data: Path, port: int) -> None:
    """Have the embedded NATS accept the page's origin on ``port``: its browser side, kept
    beside it, is read when the server starts."""
    path = EmbeddedNats(nats_data, auth=False).web_file
    side = WebSide.read(path)
    if side is None:
        WebSide.draw(port).keep(path)
    elif side.web_port != port:
        WebSide(side.websocket_port, port, side.callout_seed, side.door_port).keep(path)


@app.command()
def web(
    ai_workers: Annotated[int, typer.Option(min=1, help="AI-worker processes.")] = 1,
    data_dir: Annotated[
        Path | None, typer.Option(help="Embedded servers' data and logs [PRESIDENT_DATA_DIR].")
    ] = None,
    port: Annotated[
        int,
        typer.Option(
            min=1,
            max=65535,
            envvar="PRESIDENT_WEB_PORT",
            help="The page's port, the same every time (a bookmark stays good).",
        ),
    ] = DEFAULT_PORT,
    locale: LocaleOption = None,
    bidi: BidiOption = BidiMode.VISUAL,
) -> None:
    """Play in a browser: serve the page and its lobby API until Ctrl-C.

    Starts the embedded PostgreSQL and NATS (with its WebSocket listener and auth
    callout) or uses PRESIDENT_DATABASE_URL, then the relay, table, engine, AI-worker
    and auditor processes and `president serve web`; stops everything it started at
    the end. Open the printed URL, choose the AI seats and play.
    """
    l10n = chosen(locale)
    shown = terminal_lines(l10n, bidi)
    settings = load_settings(cls=StackSettings)
    if data_dir is not None:
        settings = settings.model_copy(update={"data_dir": data_dir.expanduser().absolute()})
    if settings.nats_url is not None:
        external = l10n.text("web-external-nats", command="president serve web")
        typer.echo(shown(external), err=True)
        raise typer.Exit(code=2)
    if port_open(HOST, port):
        typer.echo(shown(l10n.text("table-port-taken", port=port)), err=True)
        raise typer.Exit(code=2)
    _page_on(nats_dir(settings.data_dir), port)
    config = StackConfig(
        ai_workers=ai_workers,
        auditors=1,
        web=True,
        log_level="WARNING",
        prefix=settings.subject_prefix,
    )
    started = time.monotonic()
    typer.echo(shown(l10n.text("web-starting")))
    stop = {"asked": False}

    def asked(signum: int, frame: object) -> None:
        stop["asked"] = True

    try:
        with ServiceStack(config, settings) as stack:
            typer.echo("  " + shown(l10n.text("web-logs", path=str(stack.run_dir))))
            ready = round(time.monotonic() - started, 1)
            typer.echo(shown(l10n.text("web-open", url=stack.web_url, seconds=ready)))
            for signum in (signal.SIGTERM, signal.SIGINT):
                signal.signal(signum, asked)
            while not stop["asked"] and all(
                stack.processes[name].alive() for name in stack.names("web")
            ):
                time.sleep(0.2)
    except ProcessStartError as error:
        typer.echo(shown(l10n.text("stack-failed", error=str(error))), err=True)
        raise typer.Exit(code=1) from error
