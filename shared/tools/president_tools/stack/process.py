"""One child process of the stack: spawned with its own log, awaited until ready, stopped."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from president.runtime.ready import clear_ready

_PR_SET_PDEATHSIG = 1
START_ATTEMPTS = 3
"""Starts of a process that exits while starting (``ManagedProcess.wait_started``)."""


class ProcessStartError(RuntimeError):
    """A process exited, or did not become ready in time; the message quotes its log."""


@dataclass(frozen=True)
class ProcessSpec:
    """What to run: ``argv`` with ``env`` (the whole environment), logging to ``log_file``.

    ``ready_file`` is the file the process creates once it serves (None: ready once started).
    """

    name: str
    argv: Sequence[str]
    env: Mapping[str, str]
    log_file: Path
    ready_file: Path | None = None
    labels: Mapping[str, str] = field(default_factory=dict)


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    # If the launcher dies without stopping us (SIGKILL), the kernel sends SIGTERM.
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


class ManagedProcess:
    """A started ``ProcessSpec``. Not thread-safe: use it from the thread that started it."""

    def __init__(self, spec: ProcessSpec):
        self.spec = spec
        self._popen: subprocess.Popen[bytes] | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def pid(self) -> int | None:
        return None if self._popen is None else self._popen.pid

    @property
    def returncode(self) -> int | None:
        return None if self._popen is None else self._popen.poll()

    def alive(self) -> bool:
        return self._popen is not None and self._popen.poll() is None

    def start(self) -> None:
        """Spawn the process (in its own session, so a terminal's Ctrl-C reaches only us)."""
        if self.alive():
            raise RuntimeError(f"{self.name} is already running")
        clear_ready(self.spec.ready_file)
        self.spec.log_file.parent.mkdir(parents=True, exist_ok=True)
        with self.spec.log_file.open("ab") as log:
            self._popen = subprocess.Popen(
                list(self.spec.argv),
                env=dict(self.spec.env),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_die_with_parent,
            )

    def is_ready(self) -> bool:
        if not self.alive():
            return False
        ready = self.spec.ready_file
        return ready is None or ready.exists()

    def wait_ready(self, timeout: float) -> None:
        """Block until the ready file exists; raise ProcessStartError if it exits or times out."""
        deadline = time.monotonic() + timeout
        while not self.is_ready():
            if not self.alive():
                raise ProcessStartError(
                    f"{self.name} exited with {self.returncode}:\n{self.log_tail()}"
                )
            if time.monotonic() > deadline:
                raise ProcessStartError(
                    f"{self.name} not ready after {timeout:.0f}s:\n{self.log_tail()}"
                )
            time.sleep(0.02)

    def wait_started(self, timeout: float, attempts: int = START_ATTEMPTS) -> None:
        """``wait_ready``; a process that exits while starting is started again, up to
        ``attempts`` starts in all, as its supervisor would restart it (a service that
        cannot start exits so that it is restarted: a NATS cluster still placing the
        streams' replicas, say). Each start's output stays in the log."""
        for attempt in range(1, attempts + 1):
            try:
                self.wait_ready(timeout)
                return
            except ProcessStartError as error:
                if self.alive() or attempt == attempts:
                    raise  # not ready in time, or no start left
                said = str(error).splitlines()[0]
                print(f"{said}; starting it again", file=sys.stderr)
                time.sleep(0.5 * attempt)
                self.start()

    def signal(self, signum: int) -> None:
        """Send ``signum`` to the process (nothing when it is not running)."""
        if self._popen is not None and self._popen.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._popen.pid, signum)

    def kill(self) -> None:
        """SIGKILL, as a crash would end it; reaped at once."""
        self.signal(signal.SIGKILL)
        if self._popen is not None:
            self._popen.wait()
        clear_ready(self.spec.ready_file)

    def stop(self, timeout: float = 10.0) -> int | None:
        """SIGTERM, then SIGKILL after ``timeout``; return the exit code."""
        self.signal(signal.SIGTERM)
        return self.wait(timeout)

    def wait(self, timeout: float) -> int | None:
        """Wait for the exit (SIGKILL after ``timeout``); return the exit code."""
        if self._popen is None:
            return None
        try:
            self._popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
        clear_ready(self.spec.ready_file)
        return self._popen.returncode

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.spec.log_file.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])
