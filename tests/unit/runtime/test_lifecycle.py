"""The one lifecycle: start, serve, stop on a signal (0) or on a failure (1)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from pathlib import Path

from president.runtime import Runtime, serve
from president.runtime.health import Health, HealthServer
from president.settings import ServiceSettings


class Recorder:
    """An app that records what happened to it; ``start`` waits for ``release``."""

    def __init__(self, *, fail_start: bool = False, hang_start: bool = False):
        self.events: list[str] = []
        self.runtime: Runtime | None = None
        self.fail_start = fail_start
        self.hang_start = hang_start
        self.started = asyncio.Event()

    async def start(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.events.append("start")
        if self.fail_start:
            raise RuntimeError("no database")
        if self.hang_start:
            self.started.set()
            await asyncio.Event().wait()
        self.started.set()

    async def stop(self) -> None:
        self.events.append("stop")


def settings(tmp_path: Path, **fields: object) -> ServiceSettings:
    return ServiceSettings(instance_id="test-1", ready_file=tmp_path / "ready", **fields)  # type: ignore[arg-type]


async def test_a_signal_stops_the_app_and_exits_zero(tmp_path: Path) -> None:
    app = Recorder()
    serving = asyncio.create_task(serve(app, settings(tmp_path)))
    await asyncio.wait_for(app.started.wait(), 5)
    async with asyncio.timeout(5):  # written once the start has returned
        while not (tmp_path / "ready").exists():  # noqa: ASYNC110
            await asyncio.sleep(0.01)

    os.kill(os.getpid(), signal.SIGTERM)

    assert await asyncio.wait_for(serving, 5) == 0
    assert app.events == ["start", "stop"]
    assert not (tmp_path / "ready").exists()


async def test_a_failure_reported_by_the_app_exits_one(tmp_path: Path) -> None:
    app = Recorder()
    serving = asyncio.create_task(serve(app, settings(tmp_path)))
    await asyncio.wait_for(app.started.wait(), 5)
    assert app.runtime is not None

    await app.runtime.nats_watch().closed()

    assert await asyncio.wait_for(serving, 5) == 1
    assert app.events == ["start", "stop"]
    assert app.runtime.failure == "the NATS connection is closed for good"


async def test_a_supervised_loop_that_dies_fails_the_process(tmp_path: Path) -> None:
    app = Recorder()
    serving = asyncio.create_task(serve(app, settings(tmp_path)))
    await asyncio.wait_for(app.started.wait(), 5)
    assert app.runtime is not None

    async def loop() -> None:
        raise KeyError("bug")

    app.runtime.supervise(asyncio.create_task(loop()), "the loop")

    assert await asyncio.wait_for(serving, 5) == 1
    assert app.runtime.failure == "the loop died: KeyError('bug')"


async def test_a_start_that_fails_exits_one_after_a_stop(tmp_path: Path) -> None:
    app = Recorder(fail_start=True)

    assert await asyncio.wait_for(serve(app, settings(tmp_path)), 5) == 1
    assert app.events == ["start", "stop"]
    assert not (tmp_path / "ready").exists()


async def test_a_signal_during_a_start_that_waits_for_servers_stops_at_once(
    tmp_path: Path,
) -> None:
    app = Recorder(hang_start=True)
    serving = asyncio.create_task(serve(app, settings(tmp_path)))
    await asyncio.wait_for(app.started.wait(), 5)

    os.kill(os.getpid(), signal.SIGINT)

    assert await asyncio.wait_for(serving, 5) == 0
    assert app.events == ["start", "stop"]


async def test_readyz_names_what_is_not_ready(tmp_path: Path) -> None:
    health = Health()
    health.phase = "serving"
    nats_up = True

    async def nats() -> str | None:
        return None if nats_up else "NATS reconnecting"

    async def postgres() -> str | None:
        return None

    health.add("nats", nats)
    health.add("postgres", postgres)
    server = HealthServer(health, "127.0.0.1", 0)
    await server.start()
    try:
        assert await get(server.port, "/readyz") == (200, {"ready": True, "not_ready": {}})
        nats_up = False
        assert await get(server.port, "/readyz") == (
            503,
            {"ready": False, "not_ready": {"nats": "NATS reconnecting"}},
        )
        health.phase = "stopping"
        status, body = await get(server.port, "/readyz")
        assert status == 503 and body["not_ready"]["process"] == "stopping"
    finally:
        await server.stop()


async def get(port: int, path: str) -> tuple[int, dict[str, object]]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\n\r\n".encode())
    await writer.drain()
    response = (await reader.read()).decode()
    writer.close()
    head, _, body = response.partition("\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


async def test_a_health_port_taken_already_exits_one_without_starting(tmp_path: Path) -> None:
    taken = await asyncio.start_server(lambda r, w: None, "127.0.0.1", 0)
    port = taken.sockets[0].getsockname()[1]
    app = Recorder()
    try:
        code = await serve(app, settings(tmp_path, health_port=port, health_host="127.0.0.1"))
    finally:
        taken.close()

    assert code == 1
    assert app.events == []
