"""Detached server processes: spawn, find, stop. Works for children and strangers alike."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # psutil is in the 'local' extra: imported where used, not at start-up
    import psutil

STOP_TIMEOUT = 10.0
# Servers we spawned, kept referenced until reaped: a collected Popen of a live child warns.
_CHILDREN: dict[int, subprocess.Popen[bytes]] = {}


LISTEN_PORTS = (10000, 32768)
"""Where :func:`free_port` looks: below Linux's default range of ephemeral ports, which
every outgoing connection takes its local port from."""
EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
RESERVED = Path(tempfile.gettempdir()) / "president-ports"
"""A file per port handed out, so no process of this machine gets it again while a server
is starting on it (a suite's workers start whole stacks at once)."""
RESERVED_FOR = 120.0


def _reserve(port: int) -> bool:
    """Mark ``port`` as handed out; False when it was, less than ``RESERVED_FOR`` s ago
    (True when there is nowhere to keep marks: the bind test alone decides)."""
    mark = RESERVED / str(port)
    for _ in range(2):
        try:
            RESERVED.mkdir(exist_ok=True)
            os.close(os.open(mark, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return True
        except FileExistsError:
            with contextlib.suppress(FileNotFoundError):
                if time.time() - mark.stat().st_mtime < RESERVED_FOR:
                    return False
                mark.unlink()  # an old mark: the port's server is up or gone by now
        except OSError:
            return True
    return False


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now, picked at random below the ephemeral range:
    the kernel's own pick (port 0) is an ephemeral port, which an outgoing connection can
    take before the server binds it (seen: a health server's bind failed under a loaded
    suite), and not one handed out in the last ``RESERVED_FOR`` s by any process here (the
    suite's workers start whole stacks side by side). The caller retries if it loses."""
    low, high = LISTEN_PORTS
    with contextlib.suppress(OSError, ValueError):
        high = min(high, int(EPHEMERAL_RANGE.read_text().split()[0]))
    for _ in range(50 if high - low > 1000 else 0):
        port = random.randrange(low, high)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((host, port))
            except OSError:
                continue
        if _reserve(port):
            return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        found: int = sock.getsockname()[1]
        return found


def port_open(host: str, port: int, timeout: float = 0.2) -> bool:
    """Whether something accepts TCP connections on host:port."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def spawn(
    args: Sequence[str], log_file: Path, *, user: str | None = None
) -> subprocess.Popen[bytes]:
    """Start a server in its own session, so it outlives the command that started it."""
    with log_file.open("ab") as log:
        process = subprocess.Popen(
            list(args),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            user=user,
        )
    _CHILDREN[process.pid] = process
    return process


def is_running(pid: int, marker: str | None = None) -> bool:
    """Whether pid is a live (non-zombie) process whose command line contains ``marker``."""
    import psutil

    try:
        process = psutil.Process(pid)
        if process.status() == psutil.STATUS_ZOMBIE:
            return not _reaped(pid)
        return marker is None or marker in " ".join(process.cmdline())
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return False


def _reaped(pid: int) -> bool:
    """Wait for a zombie if it is our child; False while its other threads still exit."""
    child = _CHILDREN.get(pid)
    if child is None:
        return True  # a stranger's zombie: its parent reaps it, it is gone for us
    if child.poll() is None:
        return False
    del _CHILDREN[pid]
    return True


def stop_process(
    pid: int,
    signals: Sequence[signal.Signals] = (signal.SIGTERM,),
    timeout: float = STOP_TIMEOUT,
) -> None:
    """Send each signal in turn until pid and its descendants are gone; then SIGKILL the rest."""
    import psutil

    try:
        root = psutil.Process(pid)
        tree = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return
    for sig in signals:
        with contextlib.suppress(psutil.NoSuchProcess):
            root.send_signal(sig)
            root.send_signal(signal.SIGCONT)  # a frozen (SIGSTOPped) server acts on it too
        if _wait_gone(tree, timeout):
            return
    for process in tree:
        with contextlib.suppress(psutil.NoSuchProcess):
            process.kill()
    _wait_gone(tree, timeout)


def _wait_gone(tree: Sequence[psutil.Process], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        alive = [p for p in tree if is_running(p.pid)]
        if not alive:
            return True
        time.sleep(0.05)
    return False
