"""`president demo`: the main job (an all-AI game through the three services)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from president.l10n import BidiMode, Localizer
from president.settings import load_settings

from president_tools.cli.app import app
from president_tools.cli.clock_options import Absent, TurnSeconds, check_absent
from president_tools.cli.locale_options import BidiOption, LocaleOption, chosen, terminal_lines
from president_tools.demo.run import DEFAULT_LEVELS, DemoOptions, DemoResult, export, run_demo
from president_tools.stack import ProcessStartError, ServiceStack, StackConfig
from president_tools.stack.settings import StackSettings


@app.command()
def demo(
    players: Annotated[int, typer.Option(min=3, max=6, help="Seats at the table.")] = 4,
    rounds: Annotated[int, typer.Option(min=1, max=100, help="Rounds in the series.")] = 3,
    levels: Annotated[
        str, typer.Option(help="AI levels for seats 0, 1, ... (comma list, cycled).")
    ] = ",".join(DEFAULT_LEVELS),
    seed: Annotated[
        int | None,
        typer.Option(help="Seed every AI decision (the same deal then plays the same way)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    export_file: Annotated[
        Path | None, typer.Option("--export", help="Write the game's audit bundle to FILE.")
    ] = None,
    ai_workers: Annotated[int, typer.Option(min=1, help="AI-worker processes.")] = 2,
    data_dir: Annotated[
        Path | None, typer.Option(help="Embedded servers' data and logs [PRESIDENT_DATA_DIR].")
    ] = None,
    turn_seconds: TurnSeconds = None,
    absent: Absent = None,
    locale: LocaleOption = None,
    bidi: BidiOption = BidiMode.VISUAL,
) -> None:
    """Play an all-AI table through the services and verify it from the log.

    Starts the embedded PostgreSQL and NATS (or uses PRESIDENT_DATABASE_URL /
    PRESIDENT_NATS_URL), the relay, table, engine and AI-worker processes; stops
    everything it started at the end. Deals always come from fresh committed seeds.
    """
    level_list = [level.strip().lower() for level in levels.split(",") if level.strip()]
    unknown = sorted(set(level_list) - {"easy", "medium", "hard"})
    if unknown or not level_list:
        raise typer.BadParameter(f"levels are easy, medium, hard; got {levels!r}")
    settings = load_settings(cls=StackSettings)
    if data_dir is not None:
        settings = settings.model_copy(update={"data_dir": data_dir.expanduser().absolute()})
    extra_env = {"PRESIDENT_AI_SEED": str(seed)} if seed is not None else {}
    config = StackConfig(
        ai_workers=ai_workers,
        log_level="WARNING",
        prefix=settings.subject_prefix,
        extra_env=extra_env,
    )
    check_absent(absent, players)
    options = DemoOptions(
        players=players,
        rounds=rounds,
        levels=level_list,
        turn_seconds=turn_seconds,
        absent=absent,
        locale=chosen(locale).locale,
    )
    shown = terminal_lines(chosen(locale), bidi)
    say: Callable[[str], None] = _quiet if as_json else lambda line: typer.echo(shown(line))
    say(chosen(locale).text("play-starting"))
    try:
        with ServiceStack(config, settings) as stack:
            say(
                "  "
                + chosen(locale).text(
                    "demo-servers",
                    database=stack.database_url,
                    nats=stack.nats_url,
                    path=str(stack.run_dir),
                )
            )
            result = asyncio.run(_play(stack, options, say, export_file))
    except ProcessStartError as error:
        typer.echo(shown(chosen(locale).text("stack-failed", error=str(error))), err=True)
        raise typer.Exit(code=1) from error
    except TimeoutError as error:
        typer.echo(shown(chosen(locale).text("demo-stalled")), err=True)
        raise typer.Exit(code=1) from error
    if as_json:
        typer.echo(json.dumps(result.to_json()))
    else:
        _summary(result, export_file, chosen(locale), lambda line: typer.echo(shown(line)))
    if not (result.replay_ok and result.audit_ok):
        raise typer.Exit(code=1)


async def _play(
    stack: ServiceStack,
    options: DemoOptions,
    say: Callable[[str], None],
    export_file: Path | None,
) -> DemoResult:
    from president.client import PresidentClient
    from president.store.postgres import PostgresEventStore

    client = await PresidentClient.connect(stack.client_url, stack.prefix, name="president-demo")
    store = await PostgresEventStore.connect(stack.database_url)
    try:
        result = await run_demo(client, store, options, say)
        if export_file is not None:
            await export(store, result.table_id, str(export_file))
        return result
    finally:
        await client.close()
        await store.close()


def _quiet(line: str) -> None:
    del line


def _summary(
    result: DemoResult, export_file: Path | None, l10n: Localizer, say: Callable[[str], None]
) -> None:
    """What the demo shows at the end, in ``l10n``'s words (``say``: a terminal line)."""
    check = result.verification
    typer.echo("")
    match = "yes" if result.replay_ok else "no"
    say(l10n.text("demo-rebuilt", events=check.events, match=match))
    for problem in result.to_json()["problems"]:
        say(f"  - {problem}")
    say(l10n.text("demo-audit", ok="yes" if result.audit_ok else "no"))
    if export_file is not None:
        say(l10n.text("demo-bundle", path=str(export_file), command="president audit --file"))
    clocks = result.to_json()
    if "timeouts" in clocks:
        lag = clocks["max_timeout_lag_ms"]
        say(
            l10n.text(
                "demo-clocks",
                timeouts=clocks["timeouts"],
                takeovers=clocks["takeover_actions"],
                lag=str(lag),
            )
        )
    say(l10n.text("demo-played", table=result.table_id, seconds=round(result.duration_s, 1)))
