"""Real servers with no set-up: embedded PostgreSQL and NATS (JetStream), or configured ones."""

from president_tools.infra.databases import create_database, drop_database, with_database
from president_tools.infra.nats import EmbeddedNats, jetstream_answers, nats_server_binary
from president_tools.infra.postgres import EmbeddedPostgres, postgres_bin_dir, psql
from president_tools.infra.processes import free_port, stop_process
from president_tools.infra.servers import (
    Servers,
    ServerStatus,
    ensure_servers,
    server_status,
    stop_servers,
)

__all__ = [
    "EmbeddedNats",
    "EmbeddedPostgres",
    "ServerStatus",
    "Servers",
    "create_database",
    "drop_database",
    "ensure_servers",
    "free_port",
    "jetstream_answers",
    "nats_server_binary",
    "postgres_bin_dir",
    "psql",
    "server_status",
    "stop_process",
    "stop_servers",
    "with_database",
]
