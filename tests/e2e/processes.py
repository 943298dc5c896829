"""Services as processes with health ports, for the tests of health, metrics and outages."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import uuid
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from president_tools.infra import free_port
from president_tools.stack.process import ManagedProcess, ProcessSpec
from president_tools.stack.settings import identity_environment
from president_tools.stack.stack import serve_argv

from tests.fixtures.servers import reachable_temp_dir

S = TypeVar("S", bound="Server")
ROLES = ("relay", "table", "engine", "ai-worker")
HOST = "127.0.0.1"


@dataclass
class Served:
    """A process and the port of its health server."""

    process: ManagedProcess
    port: int

    @property
    def log(self) -> Path:
        return self.process.spec.log_file

    def lines(self) -> list[str]:
        return [line for line in self.log.read_text(errors="replace").splitlines() if line]


@dataclass
class System:
    """Service processes on the given servers, under one subject prefix, in ``run_dir``."""

    nats_url: str
    prefix: str
    run_dir: Path
    database_url: str
    processes: dict[str, Served]
    nats_users: Mapping[str, str] = field(default_factory=dict)
    """Every role's NATS password (the server authenticates; a role connects as itself)."""

    def url_for(self, user: str) -> str:
        """The NATS URL with ``user``'s credentials (as is when it has none)."""
        if user not in self.nats_users:
            return self.nats_url
        scheme, _, rest = self.nats_url.partition("://")
        return f"{scheme}://{user}:{self.nats_users[user]}@{rest}"

    def stop(self) -> None:
        for served in self.processes.values():
            served.process.stop(15)

    def _identity(self, role: str) -> dict[str, str]:
        return identity_environment(role, self.nats_users)

    def spawn(self, role: str, name: str, **extra_env: str) -> Served:
        port = free_port(HOST)
        ready_file = self.run_dir / f"{name}.ready"
        env = {
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "PRESIDENT_DATABASE_URL": self.database_url,
            "PRESIDENT_NATS_URL": self.nats_url,
            "PRESIDENT_DATA_DIR": str(self.run_dir),
            "PRESIDENT_SUBJECT_PREFIX": self.prefix,
            "PRESIDENT_INSTANCE_ID": name,
            "PRESIDENT_TOKEN_SECRET": "health-test-secret",
            "PRESIDENT_READY_FILE": str(ready_file),
            "PRESIDENT_HEALTH_PORT": str(port),
            "PRESIDENT_HEALTH_HOST": HOST,
            "PRESIDENT_LOG_FORMAT": "json",
            "PRESIDENT_NATS_RECONNECT_WAIT_MAX": "0.5",
            "PRESIDENT_RELAY_POLL_INTERVAL": "0.2",
            "PRESIDENT_ACK_WAIT": "2",
            "PRESIDENT_BUDGET_MS": "20",
            **self._identity(role),
            **extra_env,
        }
        process = ManagedProcess(
            ProcessSpec(
                name=name,
                argv=serve_argv(role, migrate=False),
                env=env,
                log_file=self.run_dir / f"{name}.log",
                ready_file=ready_file,
            )
        )
        process.start()
        return Served(process, port)


async def http_get(port: int, path: str) -> tuple[int, str]:
    """Status and body of ``GET path`` on the health server at ``port``."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        await writer.drain()
        response = (await reader.read()).decode()
    finally:
        writer.close()
    head, _, body = response.partition("\r\n\r\n")
    return int(head.split(" ", 2)[1]), body


async def readiness(served: Served) -> tuple[int, dict[str, object]]:
    status, body = await http_get(served.port, "/readyz")
    return status, json.loads(body)


async def all_ready(system: System, ready: bool) -> bool:
    statuses = [await readiness(served) for served in system.processes.values()]
    return all((status == 200) is ready for status, _ in statuses)


def metric(text: str, name: str, **labels: str) -> float | None:
    """The value of the sample ``name{labels}`` in a Prometheus exposition, None if absent."""
    for line in text.splitlines():
        if line.startswith("#") or not line.startswith(name):
            continue
        sample, _, value = line.rpartition(" ")
        sample_name, _, label_text = sample.partition("{")
        if sample_name != name:
            continue
        found = dict(
            part.split("=", 1) for part in label_text.rstrip("}").split(",") if "=" in part
        )
        if all(found.get(key) == f'"{value_}"' for key, value_ in labels.items()):
            return float(value)
    return None


@contextlib.contextmanager
def running_system(
    database_url: str,
    nats_url: str,
    nats_users: Mapping[str, str],
    run_dir: Path,
    debug: Collection[str] = (),
) -> Iterator[System]:
    """One process of each role, each with a health port and its NATS identity, ready;
    stopped at the end. The roles in ``debug`` log at DEBUG. ``nats_url`` without
    credentials."""
    prefix = f"h{uuid.uuid4().hex[:8]}"
    system = System(nats_url, prefix, run_dir, database_url, {}, dict(nats_users))
    try:
        for role in ROLES:
            level = {"PRESIDENT_LOG_LEVEL": "DEBUG"} if role in debug else {}
            system.processes[role] = system.spawn(role, f"{role}-1", **level)
        for served in system.processes.values():
            served.process.wait_ready(60)
        yield system
    finally:
        system.stop()


class Server(Protocol):
    def start(self) -> str: ...

    def stop(self) -> None: ...


@contextlib.contextmanager
def own_server(make: Callable[[Path], S]) -> Iterator[S]:
    """A server of a test module's own (``make(data_dir)``), started; stopped at the end."""
    with reachable_temp_dir() as data_dir:
        server = make(data_dir)
        server.start()
        try:
            yield server
        finally:
            server.stop()
