"""Relay processes for the tests: ``president relay`` with its output in a file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tests.support.waiting import eventually

from .conftest import Names


class RelayProcess:
    """One ``president relay`` process, its output in ``log``."""

    def __init__(self, log_url: str, nats_url: str, names: Names, log: Path, *extra: str):
        self.log = log
        command = [
            sys.executable, "-m", "president_tools", "relay",
            "--database-url", log_url, "--nats-url", nats_url,
            "--stream", names.stream, "--prefix", names.prefix,
            "--poll-interval", "0.2", "--batch-size", "100",
            "--routing", "services.relay.routing:raw_routing",  # made-up events, whole
            *extra,
        ]  # fmt: skip
        environment = {**os.environ, "PRESIDENT_LOG_LEVEL": "INFO"}
        login = urlsplit(nats_url.split(",")[0])
        if login.username is not None:
            # its second identity, which a configured server's relay must have: here the
            # same one (made-up subjects of the main account, which the harness may use)
            environment["PRESIDENT_NATS_COMMANDS_USER"] = unquote(login.username)
            environment["PRESIDENT_NATS_COMMANDS_PASSWORD"] = unquote(login.password or "")
        with log.open("wb") as output:
            self._process = subprocess.Popen(
                command, stdout=output, stderr=subprocess.STDOUT, env=environment
            )

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    async def logged(self, text: str, within: float = 60) -> None:
        """Wait until the process has logged ``text`` (its start included: seconds on a
        loaded machine)."""
        await eventually(lambda: text in self.output(), within, f"{text!r} in the relay's log")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        self._process.send_signal(signal.SIGKILL)
        self._process.wait()

    def freeze(self) -> None:
        """SIGSTOP: the process keeps its connections but runs no code."""
        self._process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        """SIGCONT after :meth:`freeze`."""
        self._process.send_signal(signal.SIGCONT)

    def wait(self, within: float = 60) -> int:
        """Wait for the process to exit by itself (its start included); the exit code."""
        return self._process.wait(within)

    def terminate(self, within: float = 15) -> int:
        """SIGTERM and wait; the exit code."""
        self._process.send_signal(signal.SIGTERM)
        return self._process.wait(within)

    def ensure_dead(self) -> None:
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGCONT)
            self.kill()
