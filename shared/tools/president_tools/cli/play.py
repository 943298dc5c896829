"""`president play`: a person plays in the terminal against AI seats, through the services."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from president.bus.connect import NatsCredentials
from president.l10n import BidiMode, Localizer
from president.settings import load_settings

from president_tools.cli.app import app
from president_tools.cli.locale_options import BidiOption, LocaleOption, chosen, terminal_lines
from president_tools.stack import ProcessStartError, ServiceStack, StackConfig
from president_tools.stack.settings import StackSettings, client_credentials


@app.command()
def play(
    players: Annotated[int, typer.Option(min=3, max=6, help="Seats at the table.")] = 4,
    rounds: Annotated[int, typer.Option(min=1, max=100, help="Rounds in the series.")] = 1,
    levels: Annotated[str, typer.Option(help="AI levels of the other seats (comma list).")] = (
        "medium"
    ),
    name: Annotated[
        str | None, typer.Option(help="Your name at the table (default: the language's 'You').")
    ] = None,
    seat: Annotated[int, typer.Option(min=0, max=5, help="Your seat (0 leads round 1).")] = 0,
    external: Annotated[
        bool,
        typer.Option(
            help="Use services already running (PRESIDENT_NATS_URL, PRESIDENT_SUBJECT_PREFIX) "
            "instead of starting them."
        ),
    ] = False,
    data_dir: Annotated[
        Path | None, typer.Option(help="Embedded servers' data and logs [PRESIDENT_DATA_DIR].")
    ] = None,
    turn_seconds: Annotated[
        float | None,
        typer.Option(min=0.1, help="Play on a clock of S seconds a turn (shown counting down)."),
    ] = None,
    locale: LocaleOption = None,
    bidi: BidiOption = BidiMode.VISUAL,
) -> None:
    """Play against AI seats: your hand, the table and the server's legal actions each turn.

    Answer with the number of an action, its cards (`6C 6D`, or as shown: `V♦ VD`) or `pass`. With
    --turn-seconds the clock counts down; when it runs out the takeover level plays for you.
    """
    level_list = [level.strip().lower() for level in levels.split(",") if level.strip()]
    if not level_list or set(level_list) - {"easy", "medium", "hard"}:
        raise typer.BadParameter(f"levels are easy, medium, hard; got {levels!r}")
    if seat >= players:
        raise typer.BadParameter(f"seat must be below {players}")
    settings = load_settings(cls=StackSettings)
    if data_dir is not None:
        settings = settings.model_copy(update={"data_dir": data_dir.expanduser().absolute()})
    l10n = chosen(locale)
    shown = terminal_lines(l10n, bidi)
    screen = _Screen(l10n, lambda line: typer.echo(shown(line)))
    game = {
        "players": players,
        "rounds": rounds,
        "levels": level_list,
        "name": name or l10n.text("play-default-name"),
        "seat": seat,
        "turn_seconds": turn_seconds,
    }
    if external:
        if settings.nats_url is None:
            raise typer.BadParameter("--external needs PRESIDENT_NATS_URL")
        credentials = client_credentials(settings)
        finished = asyncio.run(
            _play(settings.nats_url, settings.subject_prefix, game, screen, credentials)
        )
    else:
        screen.write(l10n.text("play-starting"))
        config = StackConfig(ai_workers=1, log_level="WARNING", prefix=settings.subject_prefix)
        try:
            with ServiceStack(config, settings) as stack:
                finished = asyncio.run(_play(stack.client_url, stack.prefix, game, screen))
        except ProcessStartError as error:
            typer.echo(shown(l10n.text("stack-failed", error=str(error))), err=True)
            raise typer.Exit(code=1) from error
    if not finished:
        raise typer.Exit(code=1)


async def _read_line() -> str | None:
    line = await asyncio.to_thread(sys.stdin.readline)
    return line if line else None


class _Screen:
    """The terminal a person plays at: the language, and the line writer."""

    def __init__(self, l10n: Localizer, write: Callable[[str], None]) -> None:
        self.l10n, self.write = l10n, write


async def _play(
    nats_url: str,
    prefix: str,
    game: dict[str, object],
    screen: _Screen,
    credentials: NatsCredentials | None = None,
) -> bool:
    from president.client import PresidentClient

    from president_tools.demo.terminal import play_game

    client = await PresidentClient.connect(
        nats_url, prefix, name="president-play", credentials=credentials
    )
    try:
        outcome = await play_game(
            client,
            _read_line,
            screen.write,
            l10n=screen.l10n,
            **game,  # type: ignore[arg-type]
        )
    finally:
        await client.close()
    finished = "yes" if outcome.finished else "no"
    screen.write(screen.l10n.text("play-done", finished=finished, actions=outcome.actions))
    return outcome.finished
