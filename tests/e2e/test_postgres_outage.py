"""Postgres stopped under the running processes: not ready while it is away, ready again
once it is back (same port, same data) without a restart, and a game then plays through.

The processes run on a Postgres server of this module's own.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from president.client import PresidentClient
from president.store.migrate import migrate_sync
from president_tools.infra.postgres import EmbeddedPostgres

from tests.e2e.processes import (
    System,
    all_ready,
    own_server,
    readiness,
    running_system,
)
from tests.fixtures.servers import TestServers
from tests.support.waiting import eventually

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def postgres() -> Iterator[EmbeddedPostgres]:
    with own_server(lambda data_dir: EmbeddedPostgres(data_dir / "pg", durable=False)) as server:
        migrate_sync(server.url)
        yield server


@pytest.fixture(scope="module")
def system(
    postgres: EmbeddedPostgres, servers: TestServers, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[System]:
    nats_url = servers.bare_nats_url or servers.nats_url
    run_dir = tmp_path_factory.mktemp("pg-outage")
    with running_system(postgres.url, nats_url, servers.nats_users, run_dir) as system:
        yield system


USERS = ("relay", "table", "engine")
"""The processes that use Postgres (an AI worker never does)."""


async def users_not_ready(system: System) -> bool:
    statuses = [(await readiness(system.processes[role]))[0] for role in USERS]
    return all(status == 503 for status in statuses)


async def test_postgres_away_then_back_heals_every_process_in_place(
    system: System, postgres: EmbeddedPostgres
) -> None:
    await eventually(lambda: all_ready(system, True), 20, "every process ready")

    postgres.stop()
    await eventually(lambda: users_not_ready(system), 15, "the Postgres users not ready")
    for role in ("table", "engine"):
        _, body = await readiness(system.processes[role])
        assert "postgres" in body["not_ready"], (role, body)  # type: ignore[operator]

    postgres.start()
    recovery = await eventually(lambda: all_ready(system, True), 30, "every process ready")
    print(f"every process ready {recovery:.1f} s after Postgres came back")
    assert all(served.process.alive() for served in system.processes.values())

    client = await PresidentClient.connect(
        system.url_for("integrator"), system.prefix, name="pg-test"
    )
    try:
        table_id = await client.create_table(players=4, ai_seats=dict.fromkeys(range(4), "easy"))
        await client.start_game(table_id)

        async def over() -> bool:
            return bool((await client.get_table(table_id)).status == "finished")

        await eventually(over, 60, "a game after the outage finished")
    finally:
        await client.close()


async def test_sigterm_with_postgres_gone_stops_every_process_promptly(
    system: System, postgres: EmbeddedPostgres
) -> None:
    postgres.stop()
    await eventually(lambda: users_not_ready(system), 15, "the Postgres users not ready")

    for served in system.processes.values():
        served.process.signal(15)
    for role, served in system.processes.items():
        started = time.monotonic()
        assert served.process.wait(15) == 0, role
        assert time.monotonic() - started < 10, role
