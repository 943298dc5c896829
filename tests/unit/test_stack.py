"""The local stack's processes: which roles it can run and how each is started."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from president_tools.infra.nats import EmbeddedNats, EmbeddedNatsCluster
from president_tools.infra.postgres import EmbeddedPostgres
from president_tools.infra.servers import Server, Servers
from president_tools.stack import ServiceStack, StackConfig
from president_tools.stack.process import ManagedProcess, ProcessSpec, ProcessStartError
from president_tools.stack.stack import serve_argv


def test_auditors_are_a_role_of_the_stack_none_unless_asked() -> None:
    assert StackConfig().counts()["auditor"] == 0
    assert StackConfig(auditors=2).counts()["auditor"] == 2


def test_roles_that_never_migrate_get_no_flag_their_command_lacks() -> None:
    assert serve_argv("engine", migrate=False)[-2:] == ["engine", "--no-migrate"]
    for role in ("auditor", "ai-worker"):
        assert serve_argv(role, migrate=False)[-1] == role


def test_the_servers_a_stack_started_are_named_by_kind_and_a_cluster_by_node(
    tmp_path: Path,
) -> None:
    stack = ServiceStack(StackConfig())
    cluster = EmbeddedNatsCluster(tmp_path, nodes=[EmbeddedNats(tmp_path / n) for n in "ab"])
    cluster.nodes[0].pid, cluster.nodes[1].pid = 11, 12
    started: list[Server] = [EmbeddedPostgres(tmp_path / "pg", pid=10), cluster]
    stack._servers = Servers("postgresql://x", "nats://x", started=started)

    assert stack.server_pids() == {"postgres": 10, "nats-server-1": 11, "nats-server-2": 12}

    stack._servers = Servers("postgresql://x", "nats://x", started=[EmbeddedNats(tmp_path, pid=13)])
    assert stack.server_pids() == {"nats-server": 13}  # a configured Postgres is not ours


_FLAKY = """
import pathlib, sys, time
starts = pathlib.Path(sys.argv[1])
count = int(starts.read_text()) + 1 if starts.exists() else 1
starts.write_text(str(count))
if count < int(sys.argv[2]):
    sys.exit(1)  # as a service that cannot start yet exits, to be restarted
pathlib.Path(sys.argv[3]).touch()
time.sleep(60)
"""


def _flaky(tmp_path: Path, ready_on_start: int) -> tuple[ManagedProcess, Path]:
    starts = tmp_path / "starts"
    spec = ProcessSpec(
        name="flaky-1",
        argv=[sys.executable, "-c", _FLAKY, str(starts), str(ready_on_start), str(tmp_path / "r")],
        env=dict(os.environ),
        log_file=tmp_path / "flaky.log",
        ready_file=tmp_path / "r",
    )
    process = ManagedProcess(spec)
    process.start()
    return process, starts


def test_a_process_that_exits_while_starting_is_started_again(tmp_path: Path) -> None:
    process, starts = _flaky(tmp_path, ready_on_start=3)
    try:
        process.wait_started(timeout=20)
        assert process.is_ready() and starts.read_text() == "3"
    finally:
        process.stop(timeout=5)


def test_a_process_that_never_starts_is_an_error_after_its_attempts(tmp_path: Path) -> None:
    process, starts = _flaky(tmp_path, ready_on_start=99)
    with pytest.raises(ProcessStartError, match="flaky-1 exited with 1"):
        process.wait_started(timeout=20, attempts=2)
    assert starts.read_text() == "2"
