"""ensure_servers: configured URLs win; embedded servers are started once and then reused."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest
from president.infra import ensure_servers, server_status, stop_servers
from president.infra.processes import is_running
from president.infra.state import read_state
from president.settings import Settings


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path
    stop_servers(tmp_path)


def test_configured_urls_are_used_without_starting_anything(data_dir: Path) -> None:
    settings = Settings(
        database_url="postgresql://someone@db.example:5432/x",
        nats_url="nats://bus.example:4222",
        data_dir=data_dir,
    )
    servers = ensure_servers(settings)
    assert servers.database_url == "postgresql://someone@db.example:5432/x"
    assert servers.nats_url == "nats://bus.example:4222"
    assert servers.started == []
    assert read_state(data_dir).postgres is None


def test_only_the_missing_server_is_started(data_dir: Path) -> None:
    settings = Settings(database_url="postgresql://someone@db.example:5432/x", data_dir=data_dir)
    started = ensure_servers(settings, durable=False)
    assert started.database_url == "postgresql://someone@db.example:5432/x"
    assert [server.url for server in started.started] == [started.nats_url]


async def test_running_servers_of_the_data_dir_are_reused(data_dir: Path) -> None:
    first = ensure_servers(Settings(data_dir=data_dir), durable=False)
    assert len(first.started) == 2
    again = ensure_servers(Settings(data_dir=data_dir), durable=False)
    assert again.started == []
    assert (again.database_url, again.nats_url) == (first.database_url, first.nats_url)
    connection = await asyncpg.connect(again.database_url)
    assert await connection.fetchval("SELECT current_database()") == "president"
    await connection.close()


def test_a_dead_recorded_server_is_started_again(data_dir: Path) -> None:
    first = ensure_servers(Settings(data_dir=data_dir), durable=False)
    nats_record = read_state(data_dir).nats
    assert nats_record is not None
    os.kill(nats_record.pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while is_running(nats_record.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    again = ensure_servers(Settings(data_dir=data_dir), durable=False)
    assert [server.url for server in again.started] == [again.nats_url]
    assert again.database_url == first.database_url


def test_stop_servers_stops_what_the_state_file_records(data_dir: Path) -> None:
    started = ensure_servers(Settings(data_dir=data_dir), durable=False)
    assert [status.running for status in server_status(data_dir)] == [True, True]
    stopped = stop_servers(data_dir)
    assert sorted(stopped) == sorted([started.database_url, started.nats_url])
    assert [status.running for status in server_status(data_dir)] == [False, False]
    assert stop_servers(data_dir) == []
