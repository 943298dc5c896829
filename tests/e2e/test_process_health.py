"""Every process kind as a process: health and metrics over HTTP, JSON logs, and what
happens when NATS goes away (readiness false, then healed in place; a connection
closed for good exits non-zero; SIGTERM with NATS gone still stops cleanly).

The processes run on a NATS server of this module's own, which the tests stop and
start again with the same port and store.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterator

import pytest
from president.bus.auth import ANY_PREFIX
from president.client import PresidentClient
from president.store.migrate import migrate_sync
from president_tools.infra.nats import EmbeddedNats

from tests.e2e.processes import (
    Served,
    System,
    all_ready,
    http_get,
    metric,
    own_server,
    readiness,
    running_system,
)
from tests.support.alerts import dashboard_exprs, metric_names_in, rule_exprs
from tests.support.waiting import eventually

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def nats() -> Iterator[EmbeddedNats]:
    """A NATS server of this module's own: the tests stop it and start it again."""
    with own_server(lambda data_dir: EmbeddedNats(data_dir / "nats", prefix=ANY_PREFIX)) as server:
        yield server


@pytest.fixture(scope="module")
def system(
    database_url: str, nats: EmbeddedNats, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[System]:
    """Relay, table, engine and AI worker, each with a health port, logging JSON (the
    table service at DEBUG: every command it answers)."""
    migrate_sync(database_url)
    run_dir = tmp_path_factory.mktemp("health")
    with running_system(database_url, nats.url, nats.users, run_dir, debug=("table",)) as system:
        yield system


async def test_each_process_kind_is_alive_and_ready_once_serving(system: System) -> None:
    for role, served in system.processes.items():
        assert await http_get(served.port, "/livez") == (200, "ok\n"), role
        await eventually(functools.partial(_ready, served), 20, f"{role} ready")
        status, body = await readiness(served)
        assert (status, body) == (200, {"ready": True, "not_ready": {}}), role
        assert (await http_get(served.port, "/nowhere"))[0] == 404


async def _ready(served: Served) -> bool:
    return (await readiness(served))[0] == 200


async def test_nats_away_longer_than_the_old_give_up_window_then_back_heals_in_place(
    system: System, nats: EmbeddedNats
) -> None:
    # The old behaviour, made short by settings: two attempts per server, then nats-py
    # closes the connection. Before, such a process stayed up and "ready" for ever.
    limited = system.spawn(
        "ai-worker",
        "ai-worker-limited",
        PRESIDENT_NATS_MAX_RECONNECT_ATTEMPTS="2",
        PRESIDENT_NATS_RECONNECT_WAIT="0.05",
        PRESIDENT_NATS_RECONNECT_WAIT_MAX="0.2",
    )
    limited.process.wait_ready(60)

    nats.stop()
    outage_started = time.monotonic()
    await eventually(lambda: all_ready(system, False), 15, "every process not ready")
    for role in ("table", "engine", "ai-worker"):
        _, body = await readiness(system.processes[role])
        assert "nats" in body["not_ready"], (role, body)  # type: ignore[operator]
    _, body = await readiness(system.processes["engine"])
    assert "nats commands" in body["not_ready"], body  # type: ignore[operator]
    _, body = await readiness(system.processes["relay"])
    assert "relay" in body["not_ready"], body  # type: ignore[operator]

    # The limited one gives up and exits non-zero for its supervisor; the others wait.
    assert limited.process.wait(15) == 1
    print(f"the limited worker exited {time.monotonic() - outage_started:.1f} s into the outage")
    assert any("closed for good" in line for line in limited.lines())
    assert all(served.process.alive() for served in system.processes.values())

    nats.start()
    recovery = await eventually(lambda: all_ready(system, True), 30, "every process ready")
    print(f"every process ready {recovery:.1f} s after NATS came back")
    _, text = await http_get(system.processes["engine"].port, "/metrics")
    assert (metric(text, "president_reconnects_total", server="nats") or 0) >= 1
    assert metric(text, "president_connection_up", server="nats") == 1


async def test_metrics_and_json_logs_after_games(system: System) -> None:
    client = await PresidentClient.connect(
        system.url_for("integrator"), system.prefix, name="health-test"
    )
    try:
        # One game that waits for a person for ever (in play), one all-AI game to its end.
        waiting = await client.create_table(players=3, ai_seats={1: "easy", 2: "easy"})
        await client.take_seat(waiting, "Ada", seat=0)
        await client.start_game(waiting)
        finished = await client.create_table(players=4, ai_seats=dict.fromkeys(range(4), "easy"))
        await client.start_game(finished)

        async def over() -> bool:
            return bool((await client.get_table(finished)).status == "finished")

        await eventually(over, 60, "the all-AI game finished")
    finally:
        await client.close()

    async def scrape(role: str) -> str:
        return (await http_get(system.processes[role].port, "/metrics"))[1]

    async def settled() -> bool:
        table, relay = await scrape("table"), await scrape("relay")
        return (
            metric(table, "president_games_in_play") == 1
            and metric(relay, "president_relay_lag_events") == 0
        )

    await eventually(settled, 10, "games in play and relay lag measured")

    engine = await scrape("engine")
    played = metric(
        engine, "president_commands_total", kind="game", type="PlayCards", outcome="accepted"
    )
    assert played is not None and played >= 10
    assert (
        metric(
            engine,
            "president_command_seconds_count",
            kind="game",
            type="PlayCards",
            outcome="accepted",
        )
        == played
    )

    table = await scrape("table")
    assert metric(table, "president_commands_total", type="CreateTable", outcome="accepted") == 2
    assert metric(table, "president_commands_total", type="StartGame", outcome="accepted") == 2
    assert metric(table, "president_connection_up", server="postgres") == 1

    worker = await scrape("ai-worker")
    decisions = metric(worker, "president_ai_decisions_total", level="easy")
    assert decisions is not None and decisions >= played * 0.9
    assert metric(worker, "president_ai_decision_seconds_count", level="easy") == decisions
    assert metric(worker, "president_ai_queue_pending") == 0
    assert metric(worker, "president_ai_redeliveries_total") is not None

    relay = await scrape("relay")
    assert metric(relay, "president_relay_publish_failures_total") is not None

    # The alerts and the dashboard read only metrics the running processes export.
    exported: set[str] = set()
    for role in system.processes:
        for line in (await scrape(role)).splitlines():
            if line.startswith("# TYPE "):  # counters' TYPE lines name them with _total
                exported |= metric_names_in(line.split()[2])
    for expr in rule_exprs() + dashboard_exprs():
        assert metric_names_in(expr) <= exported, (expr, metric_names_in(expr) - exported)

    for role, served in system.processes.items():
        lines = [json.loads(line) for line in served.lines()]  # every line is one object
        assert all({"time", "level", "logger", "message"} <= set(line) for line in lines), role
    table_lines = [json.loads(line) for line in system.processes["table"].lines()]
    created = [
        line
        for line in table_lines
        if line["message"] == "StartGame: accepted" and line.get("table_id") == finished
    ]
    assert created and created[0]["command_id"] == created[0]["correlation_id"]
    engine_lines = [json.loads(line) for line in system.processes["engine"].lines()]
    assert any(
        line.get("table_id") == finished and line.get("correlation_id") == finished
        for line in engine_lines
    )


async def test_a_process_started_while_nats_is_away_serves_once_it_is_back(
    system: System, nats: EmbeddedNats
) -> None:
    nats.stop()
    late = system.spawn("ai-worker", "ai-worker-late")
    try:

        async def starting() -> bool:
            try:
                return await readiness(late) == (
                    503,
                    {"ready": False, "not_ready": {"process": "starting"}},
                )
            except OSError:  # its health server is not up yet
                return False

        await eventually(starting, 20, "alive, waiting for NATS, not ready")
        assert await http_get(late.port, "/livez") == (200, "ok\n")

        nats.start()
        await eventually(functools.partial(_ready, late), 20, "ready once NATS is there")
    finally:
        assert late.process.stop(15) == 0


async def test_sigterm_with_nats_gone_stops_every_process_promptly_and_cleanly(
    system: System, nats: EmbeddedNats
) -> None:
    nats.stop()
    await eventually(lambda: all_ready(system, False), 15, "every process not ready")
    before = {role: len(served.lines()) for role, served in system.processes.items()}

    for served in system.processes.values():
        served.process.signal(15)
    for role, served in system.processes.items():
        started = time.monotonic()
        assert served.process.wait(15) == 0, role
        took = time.monotonic() - started
        assert took < 10, (role, took)
        after = [json.loads(line) for line in served.lines()[before[role] :]]
        errors = [line for line in after if "error" in line or line["level"] == "ERROR"]
        assert not errors, (role, [line.get("error") or line["message"] for line in errors])
        assert after[-1]["message"].endswith("stopped"), (role, after[-1])
