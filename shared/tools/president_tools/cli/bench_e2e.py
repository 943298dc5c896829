"""`president bench e2e`: actions per second and command round trips through the services."""

from __future__ import annotations

import asyncio
import json
import math
import os
import urllib.request
from pathlib import Path
from typing import Annotated, Any

import typer
from president.bus.auth import Permissions, Secret, User, inbox_prefix

from president_tools.cli.app import bench_app
from president_tools.cli.bench_stack import bench_settings, bench_stack
from president_tools.cli.clock_options import Absent, TurnSeconds, check_absent
from president_tools.infra.nats import HOST
from president_tools.loadtest import (
    ECHO_SUBJECTS,
    LoadOptions,
    clock_figures,
    nats_request_reply,
    postgres_single_inserts,
    run_load,
)
from president_tools.loadtest.figures import Window, cpu_probe_ms, figures
from president_tools.loadtest.profiles import collect, window_signals
from president_tools.loadtest.traffic import METER, TrafficMeter, traffic_meter
from president_tools.loadtest.verdicts import WATCHER, VerdictClock, verdict_watcher
from president_tools.stack import ServiceStack, StackConfig

ECHO_USER = User(
    "bench",
    Secret(literal=""),  # the embedded server draws its password
    Permissions(
        publish=(f"{ECHO_SUBJECTS}.>",),
        subscribe=(f"{ECHO_SUBJECTS}.>", f"{inbox_prefix('bench')}.>"),
        responder=True,
    ),
)
"""The bare request-reply limit's pair of connections: its own subjects, nothing else."""

TARGET_ACTIONS_PER_S = 500.0
TARGET_RTT_P99_MS = 50.0
VERDICTS_WITHIN_S = 15.0
"""After the load, how long the bench waits for the verdicts on the games that ended."""


@bench_app.command("e2e")
def bench_e2e(
    tables: Annotated[int, typer.Option(min=1, help="All-AI games in play at once.")] = 16,
    players: Annotated[int, typer.Option(min=3, max=6)] = 4,
    duration: Annotated[float, typer.Option(min=1, help="Seconds measured.")] = 20.0,
    warmup: Annotated[float, typer.Option(min=0, help="Seconds before measuring.")] = 5.0,
    level: Annotated[str, typer.Option(help="AI level of every seat.")] = "easy",
    ai_workers: Annotated[int, typer.Option(min=1, help="AI-worker processes.")] = 2,
    auditor: Annotated[
        bool,
        typer.Option(
            "--auditor/--no-auditor",
            help="Run an auditor process too and measure verdict_latency_ms, from each "
            "game's end on its public subject to its verdict.",
        ),
    ] = True,
    engines: Annotated[int, typer.Option(min=1, help="Engine processes.")] = 1,
    durable: Annotated[
        bool,
        typer.Option(
            "--durable/--no-durable",
            help="Embedded PostgreSQL with fsync on (as in production) or off.",
        ),
    ] = True,
    auth: Annotated[
        bool,
        typer.Option(
            "--auth/--no-auth",
            help="Embedded NATS with every identity's permissions (as in production) or "
            "open, to measure what authentication costs.",
        ),
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    nats_nodes: Annotated[
        int,
        typer.Option(
            min=1,
            help="Embedded NATS as a cluster of this many JetStream servers, every stream "
            "with that many replicas (1: a single server, 1 replica).",
        ),
    ] = 1,
    turn_seconds: TurnSeconds = None,
    absent: Absent = None,
    profile: Annotated[
        Path | None,
        typer.Option(
            help="Write a CPU profile of each service process over the measured window "
            "to this folder (<process>.prof for pstats, <process>.txt its top frames); "
            "profiling slows the services: its figures say where the time goes, not how much.",
        ),
    ] = None,
) -> None:
    """Run many all-AI tables at once through the services (started like the demo) and
    measure actions/s and command round trips, with bare NATS and Postgres as the limits.

    Uses PRESIDENT_DATABASE_URL / PRESIDENT_NATS_URL when set; otherwise fresh embedded
    servers in a temporary directory, removed afterwards (a clean, repeatable run).
    """
    with bench_settings("bench") as settings:
        config = StackConfig(
            durable=durable,
            ai_workers=ai_workers,
            engines=engines,
            auditors=1 if auditor else 0,
            log_level="WARNING",
            prefix=settings.subject_prefix,
            extra_env={"PRESIDENT_STATS_INTERVAL": "0.5"}
            | ({} if profile is None else {"PRESIDENT_PROFILE_DIR": str(profile.absolute())}),
            nats_auth=auth,
            nats_nodes=nats_nodes,
            nats_monitor=nats_nodes == 1,
            extra_nats_users=(
                ECHO_USER,
                verdict_watcher(settings.subject_prefix),
                traffic_meter(settings.subject_prefix),
            ),
        )
        check_absent(absent, players)
        options = LoadOptions(
            tables=tables,
            players=players,
            level=level,
            warmup=warmup,
            duration=duration,
            turn_seconds=turn_seconds,
            absent=absent,
        )
        if not as_json:
            typer.echo(f"Starting the services ({ai_workers} AI workers, {engines} engine(s)) ...")
        load_before, probe_before = os.getloadavg()[0], cpu_probe_ms()
        with bench_stack(config, settings) as stack:
            report = asyncio.run(_measure(stack, options, as_json, profile, auditor=auditor))
        configured = settings.database_url is not None and settings.nats_url is not None
    # What else ran on the machine, and how fast the host ran it: the figures are only
    # comparable at a similar load and a similar probe.
    report["load_avg_1m"] = {"before": load_before, "after": os.getloadavg()[0]}
    report["cpu_probe_ms"] = {"before": probe_before, "after": cpu_probe_ms()}
    report["ai_workers"], report["engines"] = ai_workers, engines
    report["auditors"] = 1 if auditor else 0
    report["nats_auth"] = auth
    report["nats_nodes"] = nats_nodes
    report["servers"] = (
        "configured" if configured else ("embedded, fsync on" if durable else "embedded, fsync off")
    )
    report["target_met"] = bool(
        report["actions_per_s"] >= TARGET_ACTIONS_PER_S
        and report["rtt_p99_ms"] <= TARGET_RTT_P99_MS
    )
    if as_json:
        typer.echo(json.dumps(_rounded(report)))
    else:
        _print(report)


async def _measure(
    stack: ServiceStack,
    options: LoadOptions,
    quiet: bool,
    profile: Path | None = None,
    *,
    auditor: bool = False,
) -> dict[str, Any]:
    from president.bus.connect import connect
    from president.client import PresidentClient
    from president.contract.subjects import Subjects

    if not quiet:
        typer.echo("Measuring the limits: bare NATS request-reply, bare Postgres insert ...")
    limits = await nats_request_reply(stack.url_for(ECHO_USER.name))
    limits |= await postgres_single_inserts(stack.database_url)
    if not quiet:
        typer.echo(
            f"Playing {options.tables} tables at once: {options.warmup:.0f}s warm-up, "
            f"{options.duration:.0f}s measured ..."
        )
    client = await PresidentClient.connect(stack.client_url, stack.prefix, name="bench-e2e")
    clock = None
    meter: TrafficMeter | None = None
    try:
        if auditor:
            watcher = await connect(stack.url_for(WATCHER), "bench-verdicts")
            clock = VerdictClock(watcher, Subjects(stack.prefix))
            await clock.start()
        meter = TrafficMeter(
            await connect(stack.url_for(METER), "bench-traffic"), Subjects(stack.prefix)
        )
        await meter.start()
        pids, servers = stack.service_pids(), stack.server_pids()
        signals = None if profile is None else window_signals(pids)
        monitor = stack.nats_monitor_port()
        counts: list[dict[str, int]] = []

        async def window(opening: bool) -> None:
            if signals is not None:
                signals(opening)
            if monitor is not None:
                counts.append(await asyncio.to_thread(nats_messages, monitor))
            await (meter.open() if opening else meter.close())

        result = await run_load(client, options, pids | servers, window=window)
        if clock is not None:
            await clock.settle(VERDICTS_WITHIN_S)
    finally:
        await client.close()
        if clock is not None:
            await clock.nats.close()
        if meter is not None:
            await meter.stop()
            await meter.nats.close()
    assert meter is not None  # connected before the load ran
    report = result.to_json() | limits
    cpu = report.pop("cpu_s_by_process")
    report["cpu_s_by_process"] = {name: s for name, s in cpu.items() if name not in servers}
    measured = Window(
        actions=result.actions,
        seconds=result.window_s,
        cpu_s_by_process=report["cpu_s_by_process"],
        cpu_s_by_server={name: s for name, s in cpu.items() if name in servers},
        prompt_bytes=meter.prompt_bytes,
        decision_request_bytes=meter.decision_request_bytes,
    )
    report |= figures(measured, limits["pg_inserts_per_s"])
    if len(counts) == 2 and result.actions:
        report["nats_msgs_per_action"] = {
            key: (counts[1][key] - counts[0][key]) / result.actions for key in counts[0]
        }
    if clock is not None:
        report["verdict_latency_ms"] = clock.figures()
    if profile is not None:
        report["profiles"] = await asyncio.to_thread(collect, profile, sorted(pids))
    if result.window is not None and (options.turn_seconds or options.absent is not None):
        report |= await clock_figures(stack.database_url, result.window)
    return report


def nats_messages(port: int) -> dict[str, int]:
    """The server's message counts (``/varz``): ``in`` from its clients, ``out`` to them."""
    url = f"http://{HOST}:{port}/varz"
    with urllib.request.urlopen(url, timeout=5) as response:
        varz = json.load(response)
    return {"in": int(varz["in_msgs"]), "out": int(varz["out_msgs"])}


def _rounded(report: dict[str, Any]) -> dict[str, Any]:
    return {key: _round(value) for key, value in report.items()}


def _round(value: Any) -> Any:
    if isinstance(value, float):
        return None if math.isnan(value) else round(value, 3)
    if isinstance(value, dict):
        return {key: _round(item) for key, item in value.items()}
    return value


def _print(report: dict[str, Any]) -> None:
    r = _rounded(report)
    typer.echo("")
    typer.echo(
        f"through the services: {r['actions_per_s']} actions/s "
        f"({r['actions']} in {r['window_s']}s, {r['tables_in_play']} tables in play, "
        f"{r['games_finished']} games finished)"
    )
    typer.echo(f"command round trip:   p50 {r['rtt_p50_ms']} ms, p99 {r['rtt_p99_ms']} ms")
    typer.echo(
        f"bare NATS request:    p50 {r['nats_rtt_p50_ms']} ms, p99 {r['nats_rtt_p99_ms']} ms"
    )
    typer.echo(
        f"bare Postgres insert: p50 {r['pg_insert_p50_ms']} ms "
        f"({r['pg_inserts_per_s']} inserts/s one at a time)"
    )
    load = r["load_avg_1m"]
    probe = r["cpu_probe_ms"]
    typer.echo(
        f"servers: {r['servers']}; machine load average {load['before']:.1f} before, "
        f"{load['after']:.1f} after; CPU probe {probe['before']} ms before, "
        f"{probe['after']} ms after"
    )
    typer.echo(f"CPU seconds used while measuring, by process: {r['cpu_s_by_process']}")
    typer.echo(f"... by server: {r['cpu_s_by_server']}")
    typer.echo(f"CPU ms per action: {r['cpu_ms_per_action']}")
    if "nats_msgs_per_action" in r:
        typer.echo(f"NATS messages per action (server /varz): {r['nats_msgs_per_action']}")
    typer.echo(
        f"actions/s over bare Postgres commits/s: {r['ratio_to_pg_commits']}; bytes per "
        f"action: prompts {r['prompt_bytes_per_action']}, decision requests "
        f"{r['decision_request_bytes_per_action']}"
    )
    if "timeouts" in r:
        typer.echo(
            f"turn clocks: {r['timeouts']} time-outs, {r['takeover_actions']} takeover actions;"
            f" recorded after the deadline by p50 {r['timeout_lag_p50_ms']} ms,"
            f" p99 {r['timeout_lag_p99_ms']} ms, max {r['max_timeout_lag_ms']} ms"
        )
    if "verdict_latency_ms" in r:
        v = r["verdict_latency_ms"]
        typer.echo(
            f"verdict after game end: p50 {v['p50']} ms, p95 {v['p95']} ms "
            f"({v['count']} games, {v['missing']} without a verdict)"
        )
    if r["rejected"] or r["retries"]:
        typer.echo(f"rejected: {r['rejected']}, retries: {r['retries']}")
    verdict = "met" if r["target_met"] else "NOT met"
    typer.echo(
        f"target ({TARGET_ACTIONS_PER_S:.0f} actions/s, p99 under {TARGET_RTT_P99_MS:.0f} ms): "
        f"{verdict}"
    )
