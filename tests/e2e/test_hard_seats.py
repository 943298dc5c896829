"""Hard seats play a whole series through the processes: their prompts carry no history
(contract 1.1), so the AI worker asks GetView as the seat whenever Hard reads the moves."""

from __future__ import annotations

import asyncio
import urllib.request
from collections.abc import AsyncIterator, Iterator

import pytest
from president.client import PresidentClient
from president.store.postgres import PostgresEventStore
from president_tools.demo import DemoOptions, run_demo
from president_tools.stack import ServiceStack

from tests.e2e.conftest import start_stack
from tests.e2e.processes import metric
from tests.fixtures.servers import TestServers


@pytest.fixture(scope="module")
def stack(
    database_url: str, servers: TestServers, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServiceStack]:
    """One AI worker, Hard thinking 10 ms, health ports to read the engine's metrics."""
    run_dir = tmp_path_factory.mktemp("hard")
    services = start_stack(
        database_url,
        servers,
        run_dir,
        ai_workers=1,
        health_ports=True,
        extra_env={"PRESIDENT_BUDGET_MS": "10"},
    )
    try:
        yield services
    finally:
        services.stop()


@pytest.fixture
async def client(stack: ServiceStack) -> AsyncIterator[PresidentClient]:
    connection = await PresidentClient.connect(stack.client_url, stack.prefix, name="e2e-hard")
    yield connection
    await connection.close()


def _engine_metrics(stack: ServiceStack) -> str:
    url = stack.health_url("engine-1")
    assert url is not None
    with urllib.request.urlopen(f"{url}/metrics", timeout=5) as response:
        return str(response.read().decode())


def _views_answered(stack: ServiceStack) -> float:
    text = _engine_metrics(stack)
    return metric(text, "president_commands_total", type="GetView", outcome="answered") or 0.0


@pytest.mark.timeout(240)
async def test_hard_seats_finish_a_series_reading_the_moves_from_get_view(
    stack: ServiceStack, client: PresidentClient
) -> None:
    store = await PostgresEventStore.connect(stack.database_url)
    try:
        options = DemoOptions(players=4, rounds=2, levels=("hard",))
        result = await asyncio.wait_for(run_demo(client, store, options), 200)
    finally:
        await store.close()
    assert result.replay_ok, result.to_json()["problems"]
    assert result.audit_ok
    assert len(result.rounds) == 2 and sum(result.scores) == 2 * 10
    assert result.public_events == result.verification.events
    # The only GetViews on this stack are the AI worker's: Hard asked for the moves.
    views = await asyncio.to_thread(_views_answered, stack)
    print(f"GetView answered {views:.0f} times for the Hard seats")
    assert views >= 10
