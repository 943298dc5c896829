"""``president-service auditor`` as a process: ready on /readyz, a verdict per game, and
after a kill -9 and a restart still exactly one verdict per game; SIGTERM exits 0."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from president.store.migrate import auditor_role_url
from president.store.postgres import PostgresEventStore

from tests.fixtures.servers import TestServers
from tests.integration.audit.conftest import write_sample
from tests.integration.auditor.conftest import WAIT, Bus
from tests.support.waiting import eventually


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class AuditorProcess:
    """One ``python -m services auditor``, its output in ``log``."""

    def __init__(self, env: dict[str, str], log: Path):
        self.log, self.ready_file = log, Path(env["PRESIDENT_READY_FILE"])
        self.port = int(env["PRESIDENT_HEALTH_PORT"])
        with log.open("ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "services", "auditor"],
                stdout=output,
                stderr=subprocess.STDOUT,
                env={**os.environ, **env},
            )

    async def ready(self) -> None:
        def ready() -> bool:
            assert self.process.poll() is None, self.log.read_text(errors="replace")
            return self.ready_file.exists()

        # its interpreter's start included: tens of seconds on a loaded machine
        await eventually(ready, 3 * WAIT, "the auditor's ready file")

    def readyz(self) -> int:
        url = f"http://127.0.0.1:{self.port}/readyz"
        with urllib.request.urlopen(url, timeout=2) as answer:
            return int(answer.status)

    def signal(self, signum: int) -> int:
        self.process.send_signal(signum)
        return self.process.wait(WAIT)


async def test_a_killed_auditor_restarts_and_every_game_still_has_one_verdict(
    servers: TestServers,
    audit_db: str,
    store: PostgresEventStore,
    bus: Bus,
    server_data_dir: Path,
) -> None:
    env = {
        "PRESIDENT_NATS_URL": servers.url_for("auditor"),
        "PRESIDENT_DATABASE_URL": auditor_role_url(audit_db),
        "PRESIDENT_SUBJECT_PREFIX": bus.subjects.prefix,
        "PRESIDENT_HEALTH_PORT": str(_free_port()),
        "PRESIDENT_READY_FILE": str(server_data_dir / "auditor.ready"),
        "PRESIDENT_ACK_WAIT": "2",
    }
    log = server_data_dir / "auditor.log"
    first = AuditorProcess(env, log)
    try:
        await first.ready()
        assert first.readyz() == 200
        games = [await write_sample(store, seed=seed) for seed in (1, 2)]
        await bus.relay(store, games[0])
        await bus.relay(store, games[1])
        assert first.signal(signal.SIGKILL) == -signal.SIGKILL  # wherever it was
    finally:
        if first.process.poll() is None:
            first.process.kill()
    first.ready_file.unlink(missing_ok=True)  # a killed process leaves it behind
    second = AuditorProcess(env, log)
    try:
        await second.ready()
        await bus.settled()
        verdicts = await bus.verdicts(2)
        await asyncio.sleep(0.5)  # time for a second verdict, were there one
        assert sorted(v.table_id for v in await bus.verdicts(2)) == sorted(games)
        assert second.signal(signal.SIGTERM) == 0
        assert all(v.type == "AuditPassed" for v in verdicts)
    finally:
        if second.process.poll() is None:
            second.process.kill()
