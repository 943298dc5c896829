"""Embedded PostgreSQL and NATS start on free ports, serve real clients, and stop cleanly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import asyncpg
import psutil
import pytest
from president.bus.connect import connect
from president_tools.infra import EmbeddedNats, EmbeddedPostgres, create_database, drop_database
from president_tools.infra.processes import port_open

from tests.fixtures.servers import reachable_temp_dir


def _process_tree(pid: int) -> list[psutil.Process]:
    root = psutil.Process(pid)
    return [root, *root.children(recursive=True)]


def _processes_using(path: Path) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        if str(path) in " ".join(process.info["cmdline"] or ()):
            found.append(process)
    return found


@pytest.fixture(scope="module")
def postgres() -> Iterator[EmbeddedPostgres]:
    with reachable_temp_dir() as data_dir:
        server = EmbeddedPostgres(data_dir / "pg", durable=False)
        server.start()
        yield server
        server.stop()


@pytest.fixture(scope="module")
def nats_server() -> Iterator[EmbeddedNats]:
    with reachable_temp_dir() as data_dir:
        server = EmbeddedNats(data_dir / "nats")
        server.start()
        yield server
        server.stop()


async def test_postgres_listens_on_a_free_local_port_and_answers_queries(
    postgres: EmbeddedPostgres,
) -> None:
    assert postgres.url == f"postgresql://postgres@127.0.0.1:{postgres.port}/president"
    connection = await asyncpg.connect(postgres.url)
    try:
        assert await connection.fetchval("SELECT 40 + 2") == 42
        assert await connection.fetchval("SHOW fsync") == "off"
    finally:
        await connection.close()


async def test_nats_accepts_a_jetstream_publish(
    nats_server: EmbeddedNats, unique_prefix: str
) -> None:
    # the relay may create the events stream, and publish into it from the command
    # account as relay-commands (president.bus.auth)
    client = await connect(nats_server.url_for("relay"), "probe")
    publisher = await connect(nats_server.url_for("relay-commands"), "probe-events")
    try:
        lobby = f"president.evt.lobby.{unique_prefix}"
        await client.jetstream().add_stream(name="PRESIDENT_EVENTS", subjects=[lobby])
        ack = await publisher.jetstream().publish(lobby, b"{}")
        assert ack.seq == 1
    finally:
        await publisher.close()
        await client.close()
    assert (nats_server.data_dir / "jetstream").is_dir()


async def test_a_dropped_database_is_gone_even_with_open_sessions(
    postgres: EmbeddedPostgres,
) -> None:
    url = create_database(postgres.url, "dropped_while_open")
    session = await asyncpg.connect(url)
    drop_database(postgres.url, "dropped_while_open")
    admin = await asyncpg.connect(postgres.url)
    try:
        count = "SELECT count(*) FROM pg_database WHERE datname = 'dropped_while_open'"
        assert await admin.fetchval(count) == 0
    finally:
        await admin.close()
        session.terminate()


def test_stopping_postgres_leaves_no_process_behind(server_data_dir: Path) -> None:
    server = EmbeddedPostgres(server_data_dir / "pg", durable=False)
    server.start()
    assert server.pid is not None and server.port is not None
    tree = _process_tree(server.pid)
    assert len(tree) > 1  # the postmaster and its background workers
    server.stop()
    assert not any(process.is_running() for process in tree)
    assert _processes_using(server_data_dir) == []
    assert not port_open("127.0.0.1", server.port)


def test_stopping_nats_leaves_no_process_behind(server_data_dir: Path) -> None:
    server = EmbeddedNats(server_data_dir / "nats")
    server.start()
    assert server.pid is not None and server.port is not None
    server.stop()
    assert _processes_using(server_data_dir) == []
    assert not port_open("127.0.0.1", server.port)


async def test_a_restarted_postgres_keeps_its_data(server_data_dir: Path) -> None:
    server = EmbeddedPostgres(server_data_dir / "pg")
    server.start()
    try:
        connection = await asyncpg.connect(server.url)
        await connection.execute("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)")
        await connection.close()
        server.stop()
        server.start()
        connection = await asyncpg.connect(server.url)
        assert await connection.fetchval("SELECT n FROM kept") == 7
        assert await connection.fetchval("SHOW fsync") == "on"
        await connection.close()
    finally:
        server.stop()


def test_two_servers_get_different_ports(postgres: EmbeddedPostgres, server_data_dir: Path) -> None:
    other = EmbeddedNats(server_data_dir / "nats")
    other.start()
    try:
        assert other.port != postgres.port
    finally:
        other.stop()
