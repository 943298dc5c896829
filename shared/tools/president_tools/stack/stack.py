"""The whole system on one machine: servers, migrations, relay and services as processes."""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

from president.bus.auth import ROLES as AUTH_ROLES
from president.bus.auth import User
from president.settings import load_settings

from president_tools.infra import Servers, ensure_servers, free_port
from president_tools.infra.nats import EmbeddedNats, EmbeddedNatsCluster, WebSide, read_users
from president_tools.infra.postgres import EmbeddedPostgres
from president_tools.stack.process import ManagedProcess, ProcessSpec
from president_tools.stack.settings import StackSettings, identity_environment, web_settings

ROLES = ("relay", "table", "engine", "ai-worker", "auditor", "web")
"""What ``president serve <role>`` runs; also the start order (the stop order is reversed)."""


@dataclass(frozen=True)
class StackConfig:
    """How many instances of each service to run, and where their logs go.

    ``run_dir`` (default ``<data_dir>/run``) holds ``<name>.log`` and the ready files.
    ``durable=False`` starts embedded servers without fsync (tests, benches).
    ``health_ports=True`` gives each process its own ``PRESIDENT_HEALTH_PORT`` (a free
    loopback port, kept across restarts; ``ServiceStack.health_url``).
    """

    tables: int = 1
    engines: int = 1
    ai_workers: int = 1
    auditors: int = 0
    """Auditor processes (a verdict on every finished game; ``bench e2e``, the chaos lab)."""
    relay: bool = True
    web: bool = False
    """``president web`` (the page, the lobby API and the auth callout) on the embedded
    NATS's browser side (``ServiceStack.web_url``)."""
    prefix: str = "president"
    run_dir: Path | None = None
    ready_timeout: float = 60.0
    stop_timeout: float = 10.0
    log_level: str = "INFO"
    durable: bool = True
    migrate: bool = True
    nats_auth: bool = True
    nats_nodes: int = 1
    """Embedded NATS as a cluster of this many JetStream servers (streams get as many
    replicas)."""
    """False only to measure what authentication costs (``bench e2e --no-auth``)."""
    extra_nats_users: tuple[User, ...] = ()
    """Identities added to the embedded NATS besides the roles' (a bench's echo pair)."""
    nats_monitor: bool = False
    """A single embedded NATS serves its monitoring endpoint (``nats_monitor_port``)."""
    health_ports: bool = False
    extra_env: Mapping[str, str] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        return {
            "relay": 1 if self.relay else 0,
            "table": self.tables,
            "engine": self.engines,
            "ai-worker": self.ai_workers,
            "auditor": self.auditors,
            "web": 1 if self.web else 0,
        }


NEVER_MIGRATE = ("ai-worker", "auditor", "web")
"""The roles whose ``serve`` has no ``--no-migrate``: they never touch the schema."""

_SERVE = "import sys; from president_tools.cli import app; app(sys.argv[1:], prog_name='president')"


def serve_argv(role: str, *, migrate: bool = True) -> list[str]:
    """The command line of ``president serve <role>`` with this interpreter (no console
    script needed on PATH); ``migrate=False`` when the schema is already up to date."""
    argv = [sys.executable, "-c", _SERVE, "serve", role]
    if not migrate and role not in NEVER_MIGRATE:
        argv.append("--no-migrate")
    return argv


class ServiceStack:
    """Starts what ``config`` asks for, on the servers of ``settings``; stops what it started.

    Servers come from the settings (PRESIDENT_DATABASE_URL / PRESIDENT_NATS_URL) or are
    the embedded ones of the data dir, started when not running (and then stopped at the end).
    """

    def __init__(self, config: StackConfig | None = None, settings: StackSettings | None = None):
        self.config = config or StackConfig()
        self.settings = settings or load_settings(cls=StackSettings)
        self.run_dir = (self.config.run_dir or self.settings.data_dir / "run").absolute()
        self.processes: dict[str, ManagedProcess] = {}
        self._servers: Servers | None = None
        # One secret for every process of the stack (seat tokens are derived from it).
        self._token_secret = self.settings.token_secret or secrets.token_hex(32)
        self._ticket_secret = secrets.token_hex(32)
        self._next_index: dict[str, int] = {}

    @property
    def token_secret(self) -> str:
        """The secret every process of the stack derives seat tokens (and the engines'
        reactor consumer's name) from."""
        return self._token_secret

    # -- life cycle -------------------------------------------------------------

    def __enter__(self) -> ServiceStack:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> ServiceStack:
        """Servers, migrations, then every process, started together and awaited until ready."""
        try:
            self._servers = ensure_servers(
                self.settings,
                durable=self.config.durable,
                nats_nodes=self.config.nats_nodes,
                nats_prefix=self.config.prefix,
                nats_auth=self.config.nats_auth,
                nats_extra_users=self.config.extra_nats_users,
                nats_monitor=self.config.nats_monitor,
            )
            if not self._servers.nats_users and self.settings.nats_users_file is not None:
                self._servers.nats_users = read_users(self.settings.nats_users_file)
            if not self.config.nats_auth:
                # An open server ignores credentials: every process still connects as
                # its role (own inbox prefix), so the two runs differ by the server's
                # checks alone.
                users = [*AUTH_ROLES, *(u.name for u in self.config.extra_nats_users)]
                self._servers.nats_users = dict.fromkeys(users, "unchecked")
            if self.config.migrate:
                from president.store.migrate import migrate_sync

                migrate_sync(self._servers.database_url)
            started = [
                self._spawn(role) for role in ROLES for _ in range(self.config.counts()[role])
            ]
            for process in started:
                process.wait_started(self.config.ready_timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """SIGTERM every process (workers first, relay last), then stop servers we started."""
        by_role = sorted(self.processes.values(), key=lambda p: ROLES.index(p.spec.labels["role"]))
        for process in reversed(by_role):
            process.signal(15)
        for process in reversed(by_role):
            process.wait(self.config.stop_timeout)
        if self._servers is not None:
            self._servers.stop()
            self._servers = None

    # -- servers ----------------------------------------------------------------

    @property
    def servers(self) -> Servers:
        """The servers in use (``started`` lists the embedded ones this stack started)."""
        return self._require_servers()

    def nats_monitor_port(self) -> int | None:
        """The monitoring port of the single embedded NATS this stack started, if any."""
        for server in self._require_servers().started:
            if isinstance(server, EmbeddedNats) and server.http_port is not None:
                return server.http_port
        return None

    def server_pids(self) -> dict[str, int]:
        """The running embedded servers this stack started, by name: ``postgres`` (its
        backends are its children) and ``nats-server``, or ``nats-server-<i>`` for each
        node of a cluster; a configured server is not ours to count and is left out."""
        found: dict[str, int] = {}
        for server in self._require_servers().started:
            if isinstance(server, EmbeddedNatsCluster):
                nodes = {f"nats-server-{i}": n.pid for i, n in enumerate(server.nodes, 1)}
            elif isinstance(server, EmbeddedPostgres):
                nodes = {"postgres": server.pid}
            else:
                nodes = {"nats-server": getattr(server, "pid", None)}
            found |= {name: pid for name, pid in nodes.items() if pid is not None}
        return found

    def service_pids(self) -> dict[str, int]:
        """The service processes started, by name (``engine-1``, ``relay-1``, ...)."""
        return {name: p.pid for name, p in self.processes.items() if p.pid is not None}

    @property
    def database_url(self) -> str:
        return self._require_servers().database_url

    @property
    def nats_url(self) -> str:
        """The NATS URL, without credentials (safe to print)."""
        return self._require_servers().nats_url

    @property
    def client_url(self) -> str:
        """The NATS URL with the integrator's credentials: what a client of the stack uses."""
        return self.url_for("integrator")

    def url_for(self, user: str) -> str:
        """The NATS URL with ``user``'s credentials (bare when they are not known)."""
        return self._require_servers().nats_url_for(user)

    @property
    def nats_web(self) -> WebSide | None:
        """The embedded NATS's browser side (WebSocket port, web origin, callout seed)."""
        return self._require_servers().nats_web

    @property
    def web_url(self) -> str:
        """``http://127.0.0.1:<port>/`` of the page (the embedded NATS's web origin)."""
        side = self.nats_web
        if side is None:
            raise RuntimeError("the NATS in use has no browser side (WebSocket listener)")
        return f"{side.web_origin}/"

    @property
    def prefix(self) -> str:
        return self.config.prefix

    def _require_servers(self) -> Servers:
        if self._servers is None:
            raise RuntimeError("the stack is not started")
        return self._servers

    # -- processes --------------------------------------------------------------

    def names(self, role: str) -> list[str]:
        """The names of the processes of ``role`` (e.g. ``engine-1``), started or not."""
        return [n for n, p in self.processes.items() if p.spec.labels["role"] == role]

    def add(self, role: str) -> ManagedProcess:
        """Start one more instance of ``role`` and wait until it is ready."""
        process = self._spawn(role)
        process.wait_ready(self.config.ready_timeout)
        return process

    def kill(self, name: str) -> None:
        """SIGKILL the process ``name``: a crash, no clean-up."""
        self.processes[name].kill()

    def terminate(self, name: str) -> int | None:
        """SIGTERM the process ``name`` and wait for it; return its exit code."""
        return self.processes[name].stop(self.config.stop_timeout)

    def restart(self, name: str) -> ManagedProcess:
        """Start the (stopped or killed) process ``name`` again; wait until it is ready."""
        process = self.processes[name]
        if process.alive():
            process.stop(self.config.stop_timeout)
        process.start()
        process.wait_ready(self.config.ready_timeout)
        return process

    def log(self, name: str) -> Path:
        return self.processes[name].spec.log_file

    def health_url(self, name: str) -> str | None:
        """``http://127.0.0.1:<port>`` of the process's health server (None: no port given)."""
        port = self.processes[name].spec.env.get("PRESIDENT_HEALTH_PORT")
        return None if port is None else f"http://127.0.0.1:{port}"

    def _spawn(self, role: str) -> ManagedProcess:
        index = self._next_index.get(role, 0) + 1
        self._next_index[role] = index
        name = f"{role}-{index}"
        process = ManagedProcess(self._spec(role, name))
        self.processes[name] = process
        process.start()
        return process

    def _spec(self, role: str, name: str) -> ProcessSpec:
        ready_file = self.run_dir / f"{name}.ready"
        env = self.environment(name, ready_file, role=role)
        if self.config.health_ports:
            env["PRESIDENT_HEALTH_PORT"] = str(free_port())
        return ProcessSpec(
            name=name,
            argv=serve_argv(role, migrate=not self.config.migrate),
            env=env,
            log_file=self.run_dir / f"{name}.log",
            ready_file=ready_file,
            labels={"role": role},
        )

    def _service_database_url(self, role: str | None = None) -> str:
        """The embedded server trusts local logins, so there the services run as the
        least-privileged role the migration created (SELECT/INSERT on the log, no
        UPDATE/DELETE; the auditor, and the web page's replays, SELECT only): the stack proves
        those grants suffice.
        A configured server is used with the URL it was given (the operator's choice)."""
        from president.store.migrate import app_role_url, auditor_role_url

        servers = self._require_servers()
        if self.settings.database_url is None and self.config.migrate:
            least = auditor_role_url if role in ("auditor", "web") else app_role_url
            return least(servers.database_url)
        return servers.database_url

    def environment(
        self, name: str, ready_file: Path | None = None, *, role: str | None = None
    ) -> dict[str, str]:
        """The environment of a service process: ours, plus its settings (with the NATS
        identity of ``role`` when the servers' passwords are known)."""
        servers = self._require_servers()
        env = dict(os.environ)
        env.update(
            {
                "PYTHONUNBUFFERED": "1",
                "PRESIDENT_DATABASE_URL": self._service_database_url(role),
                "PRESIDENT_NATS_URL": servers.nats_url,
                "PRESIDENT_DATA_DIR": str(self.settings.data_dir),
                "PRESIDENT_LOG_LEVEL": self.config.log_level,
                "PRESIDENT_INSTANCE_ID": name,
                "PRESIDENT_SUBJECT_PREFIX": self.config.prefix,
                "PRESIDENT_TOKEN_SECRET": self._token_secret,
            }
        )
        if role is not None:
            env.update(identity_environment(role, servers.nats_users))
        if role == "web" and servers.nats_web is not None:
            web = web_settings(servers.nats_web, servers.nats_users, self._ticket_secret)
            env.update({f"PRESIDENT_{name.upper()}": str(value) for name, value in web.items()})
        if ready_file is not None:
            env["PRESIDENT_READY_FILE"] = str(ready_file)
        if self.config.nats_nodes > 1:  # our own cluster: a replica of every stream per node
            env["PRESIDENT_STREAM_REPLICAS"] = str(self.config.nats_nodes)
        env.update(self.config.extra_env)
        return env
