"""The whole system as separate processes on the session's servers, once per test module."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from president.bus.auth import Secret, User, role_permissions
from president.client import PresidentClient
from president.store.postgres import PostgresEventStore
from president_tools.stack import ServiceStack, StackConfig
from president_tools.stack.settings import StackSettings

from tests.fixtures.servers import TestServers


def start_stack(
    database_url: str, servers: TestServers, run_dir: Path, **config: object
) -> ServiceStack:
    """Relay, table, engine and AI workers on a fresh subject prefix, started and ready,
    each process with its role's NATS identity."""
    settings = StackSettings(
        database_url=database_url,
        nats_url=servers.bare_nats_url,
        nats_users_file=servers.nats_users_file,
        data_dir=run_dir,
    )
    stack_config = StackConfig(
        prefix=f"e{uuid.uuid4().hex[:8]}",
        run_dir=run_dir,
        log_level="INFO",
        durable=False,
        **config,  # type: ignore[arg-type]
    )
    return ServiceStack(stack_config, settings).start()


def secured_stack(
    database_url: str,
    run_dir: Path,
    rival: str,
    extra_env: dict[str, str],
    token_secret: str | None = None,
) -> Iterator[ServiceStack]:
    """The services on their own embedded NATS, permissions rendered for one prefix, with
    one AI worker and a second platform's integrator identity ``rival``; stopped at the end."""
    prefix = f"s{uuid.uuid4().hex[:8]}"
    other = User(rival, Secret(literal=""), role_permissions("integrator", prefix, rival))
    services = ServiceStack(
        StackConfig(
            prefix=prefix,
            run_dir=run_dir,
            durable=False,
            ai_workers=1,
            extra_nats_users=(other,),
            extra_env=extra_env,
        ),
        StackSettings(database_url=database_url, data_dir=run_dir, token_secret=token_secret),
    ).start()
    try:
        yield services
    finally:
        services.stop()


def running_stack(
    database_url: str,
    servers: TestServers,
    tmp_path_factory: pytest.TempPathFactory,
    extra_env: dict[str, str],
    ai_workers: int = 2,
) -> Iterator[ServiceStack]:
    """A module's stack with ``ai_workers`` AI workers and ``extra_env``, stopped at the end."""
    run_dir = tmp_path_factory.mktemp("stack")
    services = start_stack(
        database_url, servers, run_dir, ai_workers=ai_workers, extra_env=extra_env
    )
    try:
        yield services
    finally:
        services.stop()


@pytest.fixture(scope="module")
def stack(
    database_url: str, servers: TestServers, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServiceStack]:
    """Two AI workers that hand a dead worker's decisions on after 2 s."""
    extra_env = {
        "PRESIDENT_ACK_WAIT": "2",
        "PRESIDENT_BUDGET_MS": "20",
        "PRESIDENT_STATS_INTERVAL": "0.2",
    }
    yield from running_stack(database_url, servers, tmp_path_factory, extra_env)


@pytest.fixture
async def client(stack: ServiceStack) -> AsyncIterator[PresidentClient]:
    connection = await PresidentClient.connect(stack.client_url, stack.prefix, name="e2e-test")
    yield connection
    await connection.close()


@pytest.fixture
async def store(stack: ServiceStack) -> AsyncIterator[PostgresEventStore]:
    events = await PostgresEventStore.connect(stack.database_url)
    yield events
    await events.close()
