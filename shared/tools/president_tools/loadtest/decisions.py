"""One AI-worker process alone (``president bench ai-worker``): real decision requests at
a steady rate, a stand-in engine accepting every command, the worker's CPU per decision."""

from __future__ import annotations

import asyncio
import os
import random
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nats
import orjson
import psutil
from nats.aio.client import Client
from nats.aio.msg import Msg
from president.bus.auth import Permissions, Secret, User
from president.bus.streams import ai_stream, ensure_stream
from president.contract import Accepted, AILevel, DecisionRequest, SeatView, Subjects
from president.rules import Options, apply_action, apply_deal, deal_from_seed, new_game, observe
from president.rules.engine import Applied, legal_actions

from president_tools.infra.nats import EmbeddedNats
from president_tools.loadtest.profiles import collect, window_signals
from president_tools.stack.process import ManagedProcess, ProcessSpec
from president_tools.stack.settings import identity_environment
from president_tools.stack.stack import serve_argv

BENCH_USER = User(
    "bench-ai",
    Secret(literal=""),  # the embedded server draws its password
    Permissions(publish=(">",), subscribe=(">",), responder=True),
)
"""The publisher of the requests and the stand-in engine: a harness, allowed anything."""


@dataclass(frozen=True)
class DecisionBenchOptions:
    decisions: int = 3000
    """Decisions measured (after the warm-up's)."""
    warmup: int = 300
    rate: float = 400.0
    """Requests published per second (0: all at once, the queue full)."""
    players: int = 4
    concurrency: int = 8
    """The worker's ``PRESIDENT_CONCURRENCY``."""
    profile: Path | None = None
    """A folder for the worker's CPU profile over the window (``loadtest.profiles``)."""


def decision_requests(count: int, players: int = 4, seed: int = 0) -> list[bytes]:
    """``count`` encoded Easy decision requests, one for every turn of one-round games
    played by random legal moves: their views grow over each round as in a real game."""
    chooser = random.Random(seed)
    requests: list[bytes] = []
    game = 0
    while len(requests) < count:
        game += 1
        table_id = f"bench-{seed}-{game}"
        deal = deal_from_seed(table_id, players, 0)
        state = apply_deal(new_game(Options(players=players)), deal).state
        version = 1
        while state.to_act is not None and len(requests) < count:
            seat = state.to_act
            request = DecisionRequest(
                table_id=table_id,
                seat=seat,
                seat_token=f"token-{seat}",
                level=AILevel.EASY,
                stream_version=version,
                view=SeatView.of(observe(state, seat)),
            )
            requests.append(request.model_dump_json().encode())
            applied = apply_action(state, chooser.choice(legal_actions(state)))
            assert isinstance(applied, Applied), applied  # a legal action is applied
            state, version = applied.state, version + 1
    return requests


class StandInEngine:
    """Accepts every game command on ``subjects.game_commands`` and counts them."""

    def __init__(self, nats_client: Client, subjects: Subjects):
        self._nats = nats_client
        self._subjects = subjects
        self.received = 0
        self._target = 0
        self._reached = asyncio.Event()

    async def start(self) -> None:
        await self._nats.subscribe(self._subjects.game_commands, cb=self._on_command)
        await self._nats.flush()

    async def wait_for(self, total: int) -> None:
        """Until ``total`` commands came in since the start."""
        self._target = total
        if self.received < total:
            self._reached.clear()
            await self._reached.wait()

    async def _on_command(self, msg: Msg) -> None:
        command_id = orjson.loads(msg.data)["command_id"]
        reply = Accepted(
            command_id=command_id, stream_id="game-bench", first_version=1, last_version=1
        )
        await msg.respond(reply.model_dump_json().encode())
        self.received += 1
        if self.received >= self._target:
            self._reached.set()


def worker_process(
    nats_url: str,
    credentials: Mapping[str, str],
    prefix: str,
    options: DecisionBenchOptions,
    run_dir: Path,
) -> ManagedProcess:
    """``president serve ai-worker`` on ``nats_url`` (``credentials``: its PRESIDENT_NATS_*)."""
    ready = run_dir / "ai-worker-bench.ready"
    env = (
        dict(os.environ)
        | dict(credentials)
        | {
            "PYTHONUNBUFFERED": "1",
            "PRESIDENT_NATS_URL": nats_url,
            "PRESIDENT_SUBJECT_PREFIX": prefix,
            "PRESIDENT_INSTANCE_ID": "ai-worker-bench",
            "PRESIDENT_CONCURRENCY": str(options.concurrency),
            "PRESIDENT_LOG_LEVEL": "WARNING",
            "PRESIDENT_READY_FILE": str(ready),
            "PRESIDENT_STATS_INTERVAL": "60",
        }
    )
    if options.profile is not None:
        env["PRESIDENT_PROFILE_DIR"] = str(options.profile.absolute())
    spec = ProcessSpec(
        name="ai-worker-bench",
        argv=serve_argv("ai-worker"),
        env=env,
        log_file=run_dir / "ai-worker-bench.log",
        ready_file=ready,
        labels={"role": "ai-worker"},
    )
    return ManagedProcess(spec)


async def _publish(client: Client, subjects: Subjects, bodies: list[bytes], rate: float) -> None:
    js = client.jetstream()
    started = time.perf_counter()
    pending: list[asyncio.Future[Any]] = []
    for n, body in enumerate(bodies):
        if rate > 0:
            delay = started + n / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
        pending.append(asyncio.ensure_future(js.publish(subjects.ai_decide, body)))
    await asyncio.gather(*pending)


async def _acknowledged(client: Client, subjects: Subjects) -> None:
    """Until the worker acknowledged every request it answered (its last CPU spent)."""
    while True:
        info = await client.jetstream().consumer_info(subjects.ai_stream, subjects.ai_consumer)
        if not info.num_ack_pending and not info.num_pending:
            return
        await asyncio.sleep(0.01)


def _cpu_s(pid: int) -> float:
    times = psutil.Process(pid).cpu_times()
    return float(times.user + times.system)


async def measure_decisions(
    bench_url: str,
    worker: ManagedProcess,
    prefix: str,
    options: DecisionBenchOptions,
) -> dict[str, Any]:
    """Feed the started ``worker`` (ready) the warm-up's requests, then the measured
    ones at ``options.rate``; its CPU seconds from the first measured request published to
    the last command answered. ``bench_url``: the publisher's and stand-in engine's NATS."""
    subjects = Subjects(prefix)
    bodies = decision_requests(options.warmup + options.decisions, options.players)
    client = await nats.connect(bench_url, name="bench-ai-worker")
    try:
        await ensure_stream(client.jetstream(), ai_stream(subjects))
        engine = StandInEngine(client, subjects)
        await engine.start()
        await _publish(client, subjects, bodies[: options.warmup], 0.0)
        async with asyncio.timeout(60):
            await engine.wait_for(options.warmup)
        assert worker.pid is not None
        signals = window_signals({worker.name: worker.pid})
        if options.profile is not None:
            signals(True)
        cpu_before, started = _cpu_s(worker.pid), time.perf_counter()
        await _publish(client, subjects, bodies[options.warmup :], options.rate)
        async with asyncio.timeout(120):
            await engine.wait_for(options.warmup + options.decisions)
            await _acknowledged(client, subjects)
        seconds = time.perf_counter() - started
        cpu = _cpu_s(worker.pid) - cpu_before
        if options.profile is not None:
            signals(False)
    finally:
        await client.close()
    sizes = [len(body) for body in bodies[options.warmup :]]
    profile = {}
    if options.profile is not None:
        profile = {"profile": await asyncio.to_thread(collect, options.profile, [worker.name])}
    return profile | {
        "decisions": options.decisions,
        "seconds": round(seconds, 3),
        "decisions_per_s": round(options.decisions / seconds, 1),
        "rate": options.rate,
        "concurrency": options.concurrency,
        "worker_cpu_s": round(cpu, 3),
        "cpu_us_per_decision": round(1e6 * cpu / options.decisions, 1),
        "request_bytes_mean": round(sum(sizes) / len(sizes), 1),
    }


def run_decision_bench(options: DecisionBenchOptions, scratch: Path) -> dict[str, Any]:
    """The whole bench on an embedded NATS of its own in ``scratch``, authenticated as in
    production: the worker with its role's identity, the bench as ``bench-ai``."""
    prefix = f"bench{uuid.uuid4().hex[:8]}"
    server = EmbeddedNats(scratch / "nats", prefix=prefix, extra_users=(BENCH_USER,))
    worker = None
    try:
        url = server.start()
        credentials = identity_environment("ai-worker", server.users)
        worker = worker_process(url, credentials, prefix, options, scratch)
        worker.start()
        worker.wait_ready(60)
        return asyncio.run(
            measure_decisions(server.url_for(BENCH_USER.name), worker, prefix, options)
        )
    finally:
        if worker is not None:
            worker.stop()
        server.stop()
