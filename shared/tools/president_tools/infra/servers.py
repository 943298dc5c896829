"""Which servers to use: the configured ones, else embedded ones (reused when already running)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from president.bus.auth import User
from president.settings import Settings

from president_tools.infra.nats import HOST, EmbeddedNats, EmbeddedNatsCluster, WebSide
from president_tools.infra.postgres import EmbeddedPostgres
from president_tools.infra.probes import (
    nats_answers,
    nats_server_answers,
    postgres_answers,
    postgres_server_answers,
)
from president_tools.infra.processes import free_port
from president_tools.infra.state import ServerRecord, ServersState, locked, read_state, write_state


class Server(Protocol):
    """A server this process started and may stop."""

    @property
    def url(self) -> str: ...

    def stop(self) -> None: ...


@dataclass
class Servers:
    """The URLs to use, and the embedded servers started by the call that made this."""

    database_url: str
    nats_url: str
    started: list[Server] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    """Configured URLs that did not answer (replaced by embedded servers)."""
    nats_users: dict[str, str] = field(default_factory=dict)
    """``{user: password}`` of the embedded NATS (empty for a configured server)."""
    nats_users_file: Path | None = None
    """Where the embedded NATS keeps them (mode 0600): PRESIDENT_NATS_USERS_FILE."""
    nats_web: WebSide | None = None
    """The embedded NATS's WebSocket listener, web origin and callout issuer seed."""

    def nats_url_for(self, user: str) -> str:
        """The NATS URL with ``user``'s credentials (the URL as is for a configured server);
        every server of a cluster's comma list gets them."""
        if user not in self.nats_users:
            return self.nats_url
        login = f"{user}:{self.nats_users[user]}@"
        return ",".join(url.replace("://", "://" + login, 1) for url in self.nats_url.split(","))

    def stop(self) -> None:
        """Stop the servers this object started (not configured or reused ones)."""
        for server in reversed(self.started):
            server.stop()
        self.started.clear()

    def __enter__(self) -> Servers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def postgres_dir(data_dir: Path) -> Path:
    return data_dir / "pg"


def nats_dir(data_dir: Path) -> Path:
    return data_dir / "nats"


def nats_cluster_dir(data_dir: Path) -> Path:
    return data_dir / "nats-cluster"


def ensure_servers(
    settings: Settings,
    *,
    durable: bool = True,
    nats_nodes: int = 1,
    check_configured: bool = False,
    nats_prefix: str = "president",
    nats_auth: bool = True,
    nats_extra_users: tuple[User, ...] = (),
    nats_monitor: bool = False,
) -> Servers:
    """URLs from settings when set; otherwise embedded servers in ``settings.data_dir``.

    Embedded servers recorded as running in the data dir are reused when they answer,
    others are started and recorded; ``durable=False`` trades crash safety for speed;
    ``nats_nodes`` > 1 makes the embedded NATS a cluster of that many JetStream servers
    (the URL a comma list). With ``check_configured``, a configured URL that does not
    answer (stale exports) is listed in ``dead`` and replaced by an embedded server. The
    caller owns what ``started`` lists: ``Servers.stop()`` (or leaving a ``with`` block)
    stops it; left running, a later call reuses it and ``president infra down`` stops it.
    The embedded NATS authenticates every connection, with permissions rendered for
    ``nats_prefix`` (``president.bus.auth``); its passwords are in ``Servers.nats_users``.
    """
    data_dir = settings.data_dir
    started: list[Server] = []
    dead: list[str] = []
    nats_users: dict[str, str] = {}
    users_file: Path | None = None
    web: WebSide | None = None
    database_url, nats_url = settings.database_url, settings.nats_url
    if check_configured:
        if database_url is not None and not postgres_answers(database_url):
            dead.append(database_url)
            database_url = None
        if nats_url is not None and not nats_answers(nats_url):
            dead.append(nats_url)
            nats_url = None
    with locked(data_dir):
        state = read_state(data_dir)
        if database_url is None:
            postgres = _attach_postgres(data_dir, state.postgres, durable)
            if not _serving(postgres):
                postgres.stop()  # a hung leftover would hold the cluster's lock
                postgres.start()
                started.append(postgres)
            database_url = postgres.url
            state = state.model_copy(update={"postgres": _record(postgres)})
        if nats_url is None and nats_nodes > 1:
            cluster = _attach_cluster(data_dir, state.nats_cluster, nats_nodes)
            if not all(_serving(node) for node in cluster.nodes):
                cluster.stop()
                cluster.configure(nats_prefix, nats_auth, nats_extra_users)
                cluster.start()
                started.append(cluster)
            nats_url = cluster.url
            nats_users = dict(cluster.users) if cluster.nodes[0].auth else {}
            users_file = cluster.nodes[0].users_file
            records = [_record(node) for node in cluster.nodes]
            state = state.model_copy(update={"nats_cluster": records})
        if nats_url is None:
            nats = _attach_nats(data_dir, state.nats)
            if not _serving(nats):
                nats.stop()
                nats.prefix, nats.auth, nats.extra_users = nats_prefix, nats_auth, nats_extra_users
                if nats_monitor:  # its /varz, on loopback (a bench's message counts)
                    nats.http_port = free_port(HOST)
                nats.start()
                started.append(nats)
            nats_url = nats.url
            nats_users = dict(nats.users) if nats.auth else {}
            users_file = nats.users_file
            web = nats.web_side
            state = state.model_copy(update={"nats": _record(nats)})
        write_state(data_dir, state)
    return Servers(database_url, nats_url, started, dead, nats_users, users_file, web)


def stop_servers(data_dir: Path) -> list[str]:
    """Stop the embedded servers recorded in ``data_dir``; return the URLs that were running."""
    stopped: list[str] = []
    with locked(data_dir):
        state = read_state(data_dir)
        servers: tuple[EmbeddedNats | EmbeddedPostgres, ...] = (
            *_attach_cluster(data_dir, state.nats_cluster).nodes,
            _attach_nats(data_dir, state.nats),
            _attach_postgres(data_dir, state.postgres, durable=True),
        )
        for server in servers:
            if server.is_running():
                stopped.append(server.url)
                server.stop()
        write_state(data_dir, ServersState())
    return stopped


@dataclass(frozen=True)
class ServerStatus:
    name: str
    url: str | None
    pid: int | None
    running: bool


def server_status(data_dir: Path) -> list[ServerStatus]:
    """What the state file of ``data_dir`` records, and whether each server still runs."""
    state = read_state(data_dir)
    postgres = _attach_postgres(data_dir, state.postgres, durable=True)
    nats = _attach_nats(data_dir, state.nats)
    statuses = [_status("postgres", state.postgres, postgres.is_running())]
    if state.nats is not None or not state.nats_cluster:
        statuses.append(_status("nats", state.nats, nats.is_running()))
    if state.nats_cluster:
        cluster = _attach_cluster(data_dir, state.nats_cluster)
        statuses += [
            _status(f"nats-n{index}", record, node.is_running())
            for index, (record, node) in enumerate(
                zip(state.nats_cluster, cluster.nodes, strict=True), 1
            )
        ]
    return statuses


def _serving(server: EmbeddedPostgres | EmbeddedNats) -> bool:
    """Recorded as ours, running, and answering its protocol on its port."""
    if not server.is_running() or server.port is None:
        return False
    if isinstance(server, EmbeddedNats):
        return nats_server_answers(HOST, server.port)
    return postgres_server_answers(HOST, server.port)


def _status(name: str, record: ServerRecord | None, running: bool) -> ServerStatus:
    if record is None:
        return ServerStatus(name, None, None, False)
    return ServerStatus(name, record.url, record.pid, running)


def _attach_postgres(
    data_dir: Path, record: ServerRecord | None, durable: bool
) -> EmbeddedPostgres:
    if record is None:
        return EmbeddedPostgres(postgres_dir(data_dir), durable=durable)
    return EmbeddedPostgres(postgres_dir(data_dir), durable, port=record.port, pid=record.pid)


def _attach_nats(data_dir: Path, record: ServerRecord | None) -> EmbeddedNats:
    if record is None:
        return EmbeddedNats(nats_dir(data_dir))
    return EmbeddedNats(nats_dir(data_dir), port=record.port, pid=record.pid)


def _attach_cluster(
    data_dir: Path, records: list[ServerRecord] | None, size: int | None = None
) -> EmbeddedNatsCluster:
    """The cluster the records describe (``size`` nodes; default: as many as recorded)."""
    records = records or []
    size = size or len(records)
    base = nats_cluster_dir(data_dir)
    nodes = [EmbeddedNats(base / f"n{index}") for index in range(1, size + 1)]
    if len(records) == size:
        for node, record in zip(nodes, records, strict=True):
            node.port, node.pid = record.port, record.pid
    return EmbeddedNatsCluster(base, size, nodes)


def _record(server: EmbeddedPostgres | EmbeddedNats) -> ServerRecord:
    assert server.pid is not None and server.port is not None
    return ServerRecord(pid=server.pid, port=server.port, url=server.url)
