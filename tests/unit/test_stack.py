"""The local stack's processes: which roles it can run and how each is started."""

from __future__ import annotations

from pathlib import Path

from president_tools.infra.nats import EmbeddedNats, EmbeddedNatsCluster
from president_tools.infra.postgres import EmbeddedPostgres
from president_tools.infra.servers import Server, Servers
from president_tools.stack import ServiceStack, StackConfig
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
