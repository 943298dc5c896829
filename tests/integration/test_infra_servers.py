"""ensure_servers: configured URLs win; embedded servers are started once and then reused."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest
from president.settings import Settings
from president_tools.infra import ensure_servers, server_status, stop_servers
from president_tools.infra.probes import nats_answers
from president_tools.infra.processes import is_running
from president_tools.infra.state import ServerRecord, ServersState, read_state, write_state

from tests.support.waiting import eventually_here


@pytest.fixture
def data_dir(server_data_dir: Path) -> Iterator[Path]:
    yield server_data_dir
    stop_servers(server_data_dir)


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
    eventually_here(lambda: not is_running(nats_record.pid), 10, "the killed NATS gone", 0.01)
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


def test_a_recorded_pid_reused_by_another_process_is_never_signalled(data_dir: Path) -> None:
    stranger = os.getpid()  # this test process stands in for an unrelated program
    record = ServerRecord(pid=stranger, port=1, url="nats://127.0.0.1:1")
    write_state(data_dir, ServersState(postgres=None, nats=record))
    assert stop_servers(data_dir) == []
    write_state(data_dir, ServersState(postgres=None, nats=record))
    servers = ensure_servers(Settings(data_dir=data_dir), durable=False)
    assert len(servers.started) == 2
    restarted = read_state(data_dir).nats
    assert restarted is not None and restarted.pid != stranger


def test_leaving_the_with_block_stops_only_what_was_started(data_dir: Path) -> None:
    settings = Settings(database_url="postgresql://someone@db.example:5432/x", data_dir=data_dir)
    with ensure_servers(settings, durable=False) as servers:
        nats_record = read_state(data_dir).nats
        assert nats_record is not None and is_running(nats_record.pid)
    assert servers.started == []
    assert not is_running(nats_record.pid)


def test_a_recorded_server_that_runs_but_does_not_answer_is_replaced(data_dir: Path) -> None:
    first = ensure_servers(Settings(data_dir=data_dir), durable=False)
    frozen = read_state(data_dir).nats
    assert frozen is not None
    os.kill(frozen.pid, signal.SIGSTOP)  # its port still accepts, but nothing answers
    try:
        again = ensure_servers(Settings(data_dir=data_dir), durable=False)
    finally:
        if is_running(frozen.pid):
            os.kill(frozen.pid, signal.SIGCONT)
    assert [server.url for server in again.started] == [again.nats_url]
    assert again.database_url == first.database_url
    assert not is_running(frozen.pid)
    assert nats_answers(again.nats_url)
