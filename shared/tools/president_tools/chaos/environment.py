"""One running system for chaos experiments (``single``, ``cluster`` or ``small-store``):
servers the lab may stop, the services under a supervisor, a reconnecting client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from president.bus.auth import Permissions, Secret, User
from president.bus.connect import connect
from president.client import PresidentClient
from president.contract.subjects import Subjects

from president_tools.chaos.servers import Monitor, NatsNode, port_of
from president_tools.infra import EmbeddedNats, EmbeddedPostgres, free_port
from president_tools.infra.nats import EmbeddedNatsCluster
from president_tools.infra.processes import stop_process
from president_tools.infra.servers import nats_dir
from president_tools.stack import ProcessStartError, ServiceStack, StackConfig
from president_tools.stack.settings import StackSettings

log = logging.getLogger(__name__)

SINGLE, CLUSTER, SMALL_STORE = "single", "cluster", "small-store"
PREFIX = "chaos"
LAB_USER = User("chaos-lab", Secret(literal=""), Permissions(publish=(">",), subscribe=(">",)))
"""The lab's identity on its NATS: it creates tables, reads every stream, asks JetStream
(a tooling identity, like the tests' harness; never part of a deployment)."""
CLUSTER_NODES = 3
SMALL_STORE_BYTES = 8 * 1024 * 1024
"""The JetStream store of ``small-store``: full after about 2,900 actions without limits."""
SMALL_STORE_ENV = {
    "PRESIDENT_EVENTS_MAX_BYTES": str(2 * 1024 * 1024),
    "PRESIDENT_PROMPTS_MAX_AGE": "10",
}
"""The stream limits ``small-store`` runs with (the names of the stream-limits settings)."""


async def _quiet(error: Exception) -> None:
    log.debug("chaos client: %r", error)


async def _disconnected() -> None:
    log.debug("chaos client disconnected")


class Environment:
    """Servers, services and a client; ``close()`` stops what it started."""

    def __init__(self, kind: str, root: Path, *, ai_workers: int = 2):
        self.kind = kind
        self.data_dir = Path(tempfile.mkdtemp(prefix=f"chaos-{kind}-", dir=root))
        self.ai_workers = ai_workers
        self.stack: ServiceStack | None = None
        self.nodes: list[NatsNode] = []
        self.monitor: Monitor | None = None
        self.cluster = False
        self.client: PresidentClient | None = None
        self.held: set[str] = set()
        """Processes an experiment keeps down (or frozen): the supervisor leaves them."""
        self.restarts: Counter[str] = Counter()
        self._stack_lock = asyncio.Lock()
        self._supervisor: asyncio.Task[None] | None = None
        self._embedded: EmbeddedNats | EmbeddedNatsCluster | None = None
        self._client_url = ""

    # -- life cycle -------------------------------------------------------------

    async def start(self) -> Environment:
        try:
            await asyncio.to_thread(self._start_blocking)
            assert self.stack is not None
            nats = await connect(
                self._client_url,
                "president-chaos",
                max_reconnect_attempts=-1,
                reconnect_time_wait=0.5,
                connect_timeout=5,
                error_cb=_quiet,
                disconnected_cb=_disconnected,
            )
            self.client = PresidentClient(nats, Subjects(self.stack.prefix), timeout=10.0)
            self._supervisor = asyncio.create_task(self._supervise())
        except BaseException:
            await self.close()
            raise
        return self

    def _start_blocking(self) -> None:
        settings, extra_env = self._servers()
        config = StackConfig(
            ai_workers=self.ai_workers,
            auditors=1,
            prefix=PREFIX,
            run_dir=self.data_dir / "run",
            durable=False,
            log_level="INFO",
            health_ports=True,
            ready_timeout=90.0,
            extra_env=extra_env,
        )
        self.stack = ServiceStack(config, settings).start()

    def _servers(self) -> tuple[StackSettings, Mapping[str, str]]:
        """Start NATS, with the lab's own identity (Postgres comes with the stack)."""
        if self.kind == CLUSTER:
            self.cluster = True
            cluster = EmbeddedNatsCluster(self.data_dir / "nats-cluster", size=CLUSTER_NODES)
            cluster.configure(PREFIX, True, (LAB_USER,))
            self._embedded = cluster
            url = cluster.start()
            self._client_url = cluster.url_for(LAB_USER.name)
            users_file = cluster.nodes[0].users_file
            extra_env: Mapping[str, str] = {"PRESIDENT_STREAM_REPLICAS": str(CLUSTER_NODES)}
        else:
            monitor_port = free_port()
            store: str | None = None
            extra_env = {}
            if self.kind == SMALL_STORE:
                store = f"{SMALL_STORE_BYTES // (1024 * 1024)}MB"
                extra_env = SMALL_STORE_ENV
            nats = EmbeddedNats(
                nats_dir(self.data_dir),
                prefix=PREFIX,
                extra_users=(LAB_USER,),
                http_port=monitor_port,
                max_file_store=store,
            )
            self._embedded = nats
            url = nats.start()
            self._client_url = nats.url_for(LAB_USER.name)
            users_file = nats.users_file
            self.monitor = Monitor(monitor_port)
        self.nodes = [NatsNode(port_of(u), self.data_dir) for u in url.split(",")]
        settings = StackSettings(data_dir=self.data_dir, nats_url=url, nats_users_file=users_file)
        return settings, extra_env

    async def close(self) -> None:
        if self._supervisor is not None:
            self._supervisor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._supervisor
        if self.client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.client.close(), 5)
        await asyncio.to_thread(self._close_blocking)

    def _close_blocking(self) -> None:
        stack, self.stack = self.stack, None
        for name in self.held:
            if stack is not None and name in stack.processes:
                stack.processes[name].signal(18)  # SIGCONT: a frozen process must hear SIGTERM
        if stack is not None:
            stack.stop()
        for node in self.nodes:
            if node.pid is not None:
                stop_process(node.pid)
        shutil.rmtree(self.data_dir, ignore_errors=True)

    # -- what experiments use ---------------------------------------------------

    @property
    def services(self) -> ServiceStack:
        if self.stack is None:
            raise RuntimeError("the environment is not started")
        return self.stack

    @property
    def nats_url(self) -> str:
        return ",".join(node.url for node in self.nodes)

    @property
    def database_url(self) -> str:
        """The admin URL (the checks read every stream)."""
        return self.services.database_url

    @property
    def presidents(self) -> PresidentClient:
        if self.client is None:
            raise RuntimeError("the environment is not started")
        return self.client

    @property
    def subjects(self) -> Subjects:
        return Subjects(self.services.prefix)

    @property
    def postgres(self) -> EmbeddedPostgres:
        for server in self.services.servers.started:
            if isinstance(server, EmbeddedPostgres):
                return server
        raise RuntimeError("this environment's Postgres is not one the lab started")

    def names(self, role: str) -> list[str]:
        return self.services.names(role)

    async def kill(self, name: str) -> None:
        """SIGKILL ``name`` and keep it down until :meth:`restart`."""
        self.held.add(name)
        async with self._stack_lock:
            await asyncio.to_thread(self.services.kill, name)

    async def restart(self, name: str) -> None:
        """Start ``name`` again (the supervisor takes it back)."""
        try:
            async with self._stack_lock:
                await asyncio.to_thread(self.services.restart, name)
        except ProcessStartError as error:
            log.warning("%s did not start again: %s", name, error)
        finally:
            self.held.discard(name)

    async def add(self, role: str) -> str:
        async with self._stack_lock:
            process = await asyncio.to_thread(self.services.add, role)
        return process.name

    async def release(self) -> None:
        """Start again what an experiment kept down (a killed standby relay)."""
        for name in sorted(self.held):
            process = self.services.processes[name]
            process.signal(18)  # SIGCONT, in case it is frozen
            if not process.alive():
                await self.restart(name)
        self.held.clear()

    async def reset(self) -> None:
        """Restart every service process: after an experiment left the system broken, so
        the next one starts from a serving system."""
        self.held.update(self.services.processes)
        try:
            async with self._stack_lock:
                await asyncio.to_thread(self._restart_all)
        except ProcessStartError as error:
            log.warning("a process did not start again: %s", error)
        finally:
            self.held.clear()

    def _restart_all(self) -> None:
        processes = list(self.services.processes.values())
        for process in processes:
            process.signal(18)  # SIGCONT: a frozen process must hear SIGTERM
            process.signal(15)
        for process in processes:
            process.wait(self.services.config.stop_timeout)
            process.start()
        for process in processes:
            process.wait_ready(self.services.config.ready_timeout)

    # -- health -----------------------------------------------------------------

    def process_state(self, name: str) -> str:
        """``ready``, ``exited``, ``not ready`` (no ready file) or ``not ready (/readyz N)``.

        A process that serves ``/readyz`` is ready only when it answers 200; one with no
        health server yet is judged by its ready file alone.
        """
        process = self.services.processes[name]
        if not process.alive():
            return f"exited ({process.returncode})"
        if not process.is_ready():
            return "not ready"
        url = self.services.health_url(name)
        if url is None:
            return "ready"
        try:
            with urllib.request.urlopen(f"{url}/readyz", timeout=2) as response:
                return (
                    "ready" if response.status == 200 else f"not ready (/readyz {response.status})"
                )
        except urllib.error.HTTPError as error:
            return f"not ready (/readyz {error.code})"
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            if isinstance(reason, ConnectionRefusedError):
                return "ready"  # no health server in this process: the ready file says ready
            return f"not ready (/readyz: {reason})"

    def health(self) -> dict[str, str]:
        return {name: self.process_state(name) for name in self.services.processes}

    async def wait_healthy(self, within: float) -> dict[str, str]:
        """Every process's state, once all are ready or after ``within`` seconds."""
        deadline = time.monotonic() + within
        while True:
            states = await asyncio.to_thread(self.health)
            if all(s == "ready" for s in states.values()) or time.monotonic() > deadline:
                return states
            await asyncio.sleep(0.5)

    async def _supervise(self) -> None:
        """Like a container supervisor: a process that exits is started again."""
        while True:
            await asyncio.sleep(0.5)
            for name, process in list(self.services.processes.items()):
                if name in self.held or process.alive():
                    continue
                log.warning("%s exited with %s; restarting it", name, process.returncode)
                self.restarts[name] += 1
                try:
                    async with self._stack_lock:
                        if name not in self.held and not process.alive():
                            await asyncio.to_thread(self.services.restart, name)
                except ProcessStartError as error:
                    log.warning("%s did not start again: %s", name, error)
                    await asyncio.sleep(1.0)
