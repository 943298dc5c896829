"""`president audit`, `president export` and `president bench audit`."""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import IO, Annotated, Any
from urllib.parse import quote

import typer
from president.audit import (
    AuditReport,
    StallLimits,
    audit_bundle,
    audit_bundle_file,
    audit_events,
    audit_table,
    export_bundle,
    render_html,
    render_text,
    write_bundle,
)
from president.l10n import BidiMode
from president.rules import Options
from president.settings import Settings, load_settings
from president.store.postgres import PostgresEventStore

from president_tools.cli.app import app, bench_app
from president_tools.cli.locale_options import BidiOption, LocaleOption, chosen, terminal_lines
from president_tools.cli.web import DEFAULT_PORT
from president_tools.infra import server_status
from president_tools.sample import play_sample_game, recorded_game

EXIT_PROBLEMS = 1


def replay_url(table_id: str) -> str:
    """The replay page of ``table_id`` on `president web` (PRESIDENT_WEB_PORT, 8000)."""
    port = os.environ.get("PRESIDENT_WEB_PORT") or DEFAULT_PORT
    return f"http://127.0.0.1:{port}/replay/{quote(table_id)}"


EXIT_USAGE = 2


def _stall_limits() -> StallLimits:
    """When a game in play counts as stalled (PRESIDENT_STALL_GRACE, PRESIDENT_STALL_AFTER)."""
    settings = load_settings(cls=Settings)
    return StallLimits(settings.stall_grace, settings.stall_after)


def _database_url() -> str:
    """PRESIDENT_DATABASE_URL, else a Postgres that `president infra up` left running.

    Starts nothing: an auditor must not create an empty database and call it clean.
    """
    settings = load_settings(cls=Settings)
    if settings.database_url is not None:
        return settings.database_url
    for status in server_status(settings.data_dir):
        if status.name == "postgres" and status.running and status.url:
            return status.url
    typer.echo(
        "president: no database to read: set PRESIDENT_DATABASE_URL, start one with "
        "`president infra up`, or audit an exported bundle with --file",
        err=True,
    )
    raise typer.Exit(EXIT_USAGE)


async def _with_store(table_id: str, out: IO[bytes] | Path | None) -> AuditReport | int:
    store = await PostgresEventStore.connect(_database_url(), min_size=1, max_size=2)
    async with store:
        if out is not None:
            return await export_bundle(store, table_id, out)
        return await audit_table(store, table_id, stalls=_stall_limits())


def _run_with_store(table_id: str, out: IO[bytes] | Path | None = None) -> AuditReport | int:
    try:
        return asyncio.run(_with_store(table_id, out))
    except LookupError as exc:
        typer.echo(f"president: {exc}", err=True)
        raise typer.Exit(EXIT_PROBLEMS) from exc
    except (OSError, ConnectionError) as exc:
        typer.echo(f"president: cannot reach the database: {exc}", err=True)
    except Exception as exc:  # asyncpg's errors share no base class with OSError
        if type(exc).__module__.startswith("asyncpg"):
            typer.echo(f"president: the database refused: {exc}", err=True)
        else:
            raise
    raise typer.Exit(EXIT_USAGE)


@app.command("audit")
def audit_command(
    table_id: Annotated[
        str | None, typer.Argument(help="Table whose game-{TABLE_ID} to audit.")
    ] = None,
    file: Annotated[Path | None, typer.Option("--file", help="Audit an exported bundle.")] = None,
    round_number: Annotated[int | None, typer.Option("--round", help="Show only round R.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    html: Annotated[Path | None, typer.Option("--html", help="Also write an HTML page.")] = None,
    locale: LocaleOption = None,
    bidi: BidiOption = BidiMode.VISUAL,
) -> None:
    """Check a game: hash chain, fair deals and a full replay through the rules; a game in
    play (TABLE_ID) is also checked for a stall.

    Exit status 0 only when everything checks, 1 when problems were found or the game is
    stalled.
    """
    if (table_id is None) == (file is None):
        typer.echo("president audit: give a TABLE_ID or --file BUNDLE (one of them)", err=True)
        raise typer.Exit(EXIT_USAGE)
    if file is not None:
        report = audit_bundle_file(file)
    else:
        assert table_id is not None
        result = _run_with_store(table_id)
        assert isinstance(result, AuditReport)
        report = result
    l10n = chosen(locale)
    if html is not None:
        html.write_text(render_html(report, round_number, l10n), encoding="utf-8")
    if as_json:
        typer.echo(json.dumps(report.to_dict(round_number), ensure_ascii=False))
    else:
        shown = terminal_lines(l10n, bidi)
        text = render_text(report, round_number, l10n)
        if table_id is not None:
            text += "\n" + l10n.text("replay-audit-link", url=replay_url(table_id))
        typer.echo("".join(shown(line) + "\n" for line in text.splitlines()), nl=False)
    if not report.ok or report.stall is not None:
        raise typer.Exit(EXIT_PROBLEMS)


@app.command("export")
def export_command(
    table_id: Annotated[str, typer.Argument(help="Table whose game stream to export.")],
    out: Annotated[Path | None, typer.Option("--out", help="Write here, not to stdout.")] = None,
) -> None:
    """Write the table's game record as a self-contained audit bundle (JSON lines)."""
    count = _run_with_store(table_id, sys.stdout.buffer if out is None else out)
    typer.echo(f"exported {count} events of game-{table_id}", err=True)


@bench_app.command("audit")
def bench_audit(
    players: Annotated[int, typer.Option(help="Players per table.")] = 6,
    rounds: Annotated[int, typer.Option(help="Rounds in the series.")] = 10,
    repeat: Annotated[int, typer.Option(help="Audits to time.")] = 20,
    seed: Annotated[int, typer.Option(help="Seed of the sample game.")] = 1,
    games: Annotated[
        int,
        typer.Option(
            min=0,
            help="Also fill a fresh log with this many finished games of --players and "
            "--rounds (their events on the events stream, as relayed) and time one auditor "
            "instance catching up: audits/s and CPU ms per audited game (0: not).",
        ),
    ] = 0,
    concurrency: Annotated[
        int, typer.Option(min=1, help="With --games: the auditor's PRESIDENT_CONCURRENCY.")
    ] = 4,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Time replay-and-verify of a finished series: from events, and from its bundle; with
    --games, the auditor service on embedded servers (fsync off) started for the run."""
    game = play_sample_game("bench", Options(players=players, rounds=rounds), seed)
    events = recorded_game(game)
    buffer = io.BytesIO()
    write_bundle(game.stream_id, game.table_id, events, buffer)
    content = buffer.getvalue()
    started = time.perf_counter()
    for _ in range(repeat):
        assert audit_events(events, game.table_id).ok
    audit_s = (time.perf_counter() - started) / repeat
    started = time.perf_counter()
    for _ in range(repeat):
        assert audit_bundle(content).ok
    bundle_s = (time.perf_counter() - started) / repeat
    figures: dict[str, Any] = {
        "players": players,
        "rounds": rounds,
        "events": len(events),
        "repeat": repeat,
        "audit_ms": round(audit_s * 1000, 2),
        "events_per_s": round(len(events) / audit_s),
        "bundle_bytes": len(content),
        "bundle_audit_ms": round(bundle_s * 1000, 2),
        "bundle_events_per_s": round(len(events) / bundle_s),
    }
    if games:
        figures["auditor"] = _bench_auditor(
            games, Options(players=players, rounds=rounds), concurrency
        )
    if as_json:
        typer.echo(json.dumps(figures))
        return
    typer.echo(
        f"audit of a {players}-player, {rounds}-round series ({len(events)} events): "
        f"{figures['audit_ms']} ms ({figures['events_per_s']} events/s); "
        f"from its bundle: {figures['bundle_audit_ms']} ms"
    )
    if games:
        a = figures["auditor"]
        typer.echo(
            f"one auditor catching up on {a['games']} games (concurrency {a['concurrency']}): "
            f"{a['audits_per_s']} audits/s, {a['cpu_ms_per_game']} ms CPU per audited game, "
            f"{a['failed']} failed"
        )


def _bench_auditor(games: int, options: Options, concurrency: int) -> dict[str, Any]:
    """``games`` finished games on embedded servers of a temporary directory, then one
    auditor catching up on them (``president_tools.auditor_bench``)."""
    import shutil
    import tempfile

    from president.bus.auth import Permissions, Secret, User
    from president.store.migrate import auditor_role_url

    from president_tools.auditor_bench import AuditorBench, fill, measure_auditor
    from president_tools.stack import ServiceStack, StackConfig
    from president_tools.stack.settings import StackSettings

    tool = User("bench-audit", Secret(literal=""), Permissions(publish=(">",), subscribe=(">",)))
    scratch = Path(tempfile.mkdtemp(prefix="president-bench-audit-"))
    config = StackConfig(
        tables=0, engines=0, ai_workers=0, relay=False, durable=False, extra_nats_users=(tool,)
    )
    try:
        with ServiceStack(config, StackSettings(data_dir=scratch)) as stack:
            bench = AuditorBench(
                stack.database_url,
                auditor_role_url(stack.database_url),
                stack.url_for(tool.name),
                stack.url_for("auditor"),
                stack.prefix,
            )

            async def run() -> dict[str, Any]:
                tables = await fill(bench, games, options)
                return await measure_auditor(bench, len(tables), concurrency)

            return asyncio.run(run())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
