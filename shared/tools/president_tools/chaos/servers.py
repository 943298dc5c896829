"""The servers a chaos experiment stops and starts again: NATS nodes (one, or the nodes of a
local cluster) found by their client port, and the NATS monitoring endpoint."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

from president_tools.infra.nats import HOST
from president_tools.infra.processes import port_open, spawn, stop_process


def _listener(port: int) -> psutil.Process:
    """The nats-server process listening on ``port``."""
    for process in psutil.process_iter(["name"]):
        if not str(process.info.get("name") or "").startswith("nats-server"):
            continue
        with contextlib.suppress(psutil.Error):
            for connection in process.net_connections(kind="tcp"):
                if connection.status == psutil.CONN_LISTEN and connection.laddr.port == port:
                    return process
    raise LookupError(f"no nats-server listens on port {port}")


class NatsNode:
    """One running nats-server, whoever started it: killed or stopped, then started again
    with the same command line, so on the same port and with the same JetStream store."""

    def __init__(self, port: int, log_dir: Path):
        self.port = port
        process = _listener(port)
        self.pid: int | None = process.pid
        self.argv = process.cmdline()
        self.cwd = process.cwd()
        self.log_file = log_dir / f"nats-{port}.log"
        self.respawned = False

    @property
    def url(self) -> str:
        return f"nats://{HOST}:{self.port}"

    def kill(self) -> None:
        """SIGKILL, as a crashed machine would end it."""
        if self.pid is not None:
            stop_process(self.pid, (signal.SIGKILL,), timeout=10)
        self.pid = None

    def stop(self) -> None:
        """SIGTERM (a clean shutdown), SIGKILL after 10 s."""
        if self.pid is not None:
            stop_process(self.pid, (signal.SIGTERM,), timeout=10)
        self.pid = None

    def start(self, timeout: float = 30.0) -> None:
        """Start it again; wait until it accepts clients."""
        if self.pid is not None:
            raise RuntimeError(f"NATS on {self.port} is running")
        self.log_file.parent.mkdir(parents=True, exist_ok=True)
        previous = Path.cwd()
        os.chdir(self.cwd)
        try:
            process = spawn(self.argv, self.log_file)
        finally:
            os.chdir(previous)
        self.pid, self.respawned = process.pid, True
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"NATS on {self.port} exited; see {self.log_file}")
            if port_open(HOST, self.port):
                return
            time.sleep(0.05)
        raise RuntimeError(f"NATS on {self.port} did not answer in {timeout:.0f}s")

    def close(self) -> None:
        """Stop it if this object started it (the launcher that started it first stops it
        otherwise)."""
        if self.respawned:
            self.stop()

    def server_name(self) -> str | None:
        """The server's name, as stream cluster info reports leaders (from its INFO line)."""
        with contextlib.suppress(OSError, ValueError):
            import socket

            with socket.create_connection((HOST, self.port), timeout=2) as sock:
                line = sock.recv(65536).split(b"\r\n", 1)[0]
                info: dict[str, Any] = json.loads(line.removeprefix(b"INFO "))
                name = info.get("server_name")
                return str(name) if name else None
        return None


@dataclass(frozen=True)
class Monitor:
    """The NATS monitoring endpoint (``-m PORT``)."""

    port: int

    def connz(self) -> list[dict[str, Any]]:
        url = f"http://{HOST}:{self.port}/connz?limit=4096"
        with urllib.request.urlopen(url, timeout=5) as response:
            body: dict[str, Any] = json.load(response)
        return list(body.get("connections") or [])

    def jsz(self) -> dict[str, Any]:
        with urllib.request.urlopen(f"http://{HOST}:{self.port}/jsz", timeout=5) as response:
            body: dict[str, Any] = json.load(response)
        return body

    def messages_in(self, pid: int, nats_port: int) -> dict[int, int]:
        """Messages the process ``pid`` sent to the server, per connection id (cid)."""
        try:
            ports = {
                c.laddr.port
                for c in psutil.Process(pid).net_connections(kind="tcp")
                if c.raddr and c.raddr.port == nats_port
            }
        except psutil.Error:
            return {}
        return {int(c["cid"]): int(c["in_msgs"]) for c in self.connz() if c.get("port") in ports}


def grown(before: dict[int, int], after: dict[int, int]) -> int:
    """Messages sent between two :meth:`Monitor.messages_in` readings."""
    return sum(count - before.get(cid, 0) for cid, count in after.items())


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/")[0])
