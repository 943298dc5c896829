"""Which servers to use: the configured ones, else embedded ones (reused when already running)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from president.settings import Settings

from president_tools.infra.nats import HOST, EmbeddedNats
from president_tools.infra.postgres import EmbeddedPostgres
from president_tools.infra.processes import port_open
from president_tools.infra.state import ServerRecord, ServersState, locked, read_state, write_state


class Server(Protocol):
    """A server this process started and may stop."""

    @property
    def url(self) -> str: ...

    def stop(self) -> None: ...


@dataclass
class Servers:
    """The URLs to use, and the embedded servers started by the call that made this."""

    database_url: str
    nats_url: str
    started: list[Server] = field(default_factory=list)

    def stop(self) -> None:
        """Stop the servers this object started (not configured or reused ones)."""
        for server in reversed(self.started):
            server.stop()
        self.started.clear()

    def __enter__(self) -> Servers:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def postgres_dir(data_dir: Path) -> Path:
    return data_dir / "pg"


def nats_dir(data_dir: Path) -> Path:
    return data_dir / "nats"


def ensure_servers(settings: Settings, *, durable: bool = True) -> Servers:
    """URLs from settings when set; otherwise embedded servers in ``settings.data_dir``.

    Embedded servers recorded as running in the data dir are reused, others are started
    and recorded; ``durable=False`` trades crash safety for speed. The caller owns what
    ``started`` lists: ``Servers.stop()`` (or leaving a ``with`` block) stops it; left running,
    a later call reuses it and ``president infra down`` stops it.
    """
    data_dir = settings.data_dir
    started: list[Server] = []
    with locked(data_dir):
        state = read_state(data_dir)
        database_url = settings.database_url
        if database_url is None:
            postgres = _attach_postgres(data_dir, state.postgres, durable)
            if not _serving(postgres):
                postgres.stop()  # a hung leftover would hold the cluster's lock
                postgres.start()
                started.append(postgres)
            database_url = postgres.url
            state = state.model_copy(update={"postgres": _record(postgres)})
        nats_url = settings.nats_url
        if nats_url is None:
            nats = _attach_nats(data_dir, state.nats)
            if not _serving(nats):
                nats.stop()
                nats.start()
                started.append(nats)
            nats_url = nats.url
            state = state.model_copy(update={"nats": _record(nats)})
        write_state(data_dir, state)
    return Servers(database_url=database_url, nats_url=nats_url, started=started)


def stop_servers(data_dir: Path) -> list[str]:
    """Stop the embedded servers recorded in ``data_dir``; return the URLs that were running."""
    stopped: list[str] = []
    with locked(data_dir):
        state = read_state(data_dir)
        servers = (
            _attach_nats(data_dir, state.nats),
            _attach_postgres(data_dir, state.postgres, durable=True),
        )
        for server in servers:
            if server.is_running():
                stopped.append(server.url)
                server.stop()
        write_state(data_dir, ServersState())
    return stopped


@dataclass(frozen=True)
class ServerStatus:
    name: str
    url: str | None
    pid: int | None
    running: bool


def server_status(data_dir: Path) -> list[ServerStatus]:
    """What the state file of ``data_dir`` records, and whether each server still runs."""
    state = read_state(data_dir)
    postgres = _attach_postgres(data_dir, state.postgres, durable=True)
    nats = _attach_nats(data_dir, state.nats)
    return [
        _status("postgres", state.postgres, postgres.is_running()),
        _status("nats", state.nats, nats.is_running()),
    ]


def _serving(server: EmbeddedPostgres | EmbeddedNats) -> bool:
    return server.is_running() and server.port is not None and port_open(HOST, server.port)


def _status(name: str, record: ServerRecord | None, running: bool) -> ServerStatus:
    if record is None:
        return ServerStatus(name, None, None, False)
    return ServerStatus(name, record.url, record.pid, running)


def _attach_postgres(
    data_dir: Path, record: ServerRecord | None, durable: bool
) -> EmbeddedPostgres:
    if record is None:
        return EmbeddedPostgres(postgres_dir(data_dir), durable=durable)
    return EmbeddedPostgres(postgres_dir(data_dir), durable, port=record.port, pid=record.pid)


def _attach_nats(data_dir: Path, record: ServerRecord | None) -> EmbeddedNats:
    if record is None:
        return EmbeddedNats(nats_dir(data_dir))
    return EmbeddedNats(nats_dir(data_dir), port=record.port, pid=record.pid)


def _record(server: EmbeddedPostgres | EmbeddedNats) -> ServerRecord:
    assert server.pid is not None and server.port is not None
    return ServerRecord(pid=server.pid, port=server.port, url=server.url)
