"""The state file of the servers that `infra up` left running in a data dir."""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict

STATE_FILE = "servers.json"
LOCK_FILE = ".servers.lock"


class ServerRecord(BaseModel):
    """One running embedded server."""

    model_config = ConfigDict(frozen=True)

    pid: int
    port: int
    url: str


class ServersState(BaseModel):
    """What runs from one data dir; a missing entry means not started there."""

    model_config = ConfigDict(frozen=True)

    postgres: ServerRecord | None = None
    nats: ServerRecord | None = None
    nats_cluster: list[ServerRecord] | None = None


def read_state(data_dir: Path) -> ServersState:
    path = data_dir / STATE_FILE
    if not path.exists():
        return ServersState()
    try:
        return ServersState.model_validate_json(path.read_text())
    except ValueError:
        return ServersState()  # a torn or foreign file: treat as nothing running


def write_state(data_dir: Path, state: ServersState) -> None:
    path = data_dir / STATE_FILE
    if state.postgres is None and state.nats is None and not state.nats_cluster:
        path.unlink(missing_ok=True)
        return
    temporary = path.with_suffix(".tmp")
    temporary.write_text(state.model_dump_json(indent=2))
    temporary.replace(path)


@contextlib.contextmanager
def locked(data_dir: Path) -> Iterator[None]:
    """Serialise `infra up`/`down` on one data dir across processes."""
    data_dir.mkdir(parents=True, exist_ok=True)
    with (data_dir / LOCK_FILE).open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
