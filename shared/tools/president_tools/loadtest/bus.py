"""The same two small handlers on FastStream and on plain nats-py (``president bench bus``):
a request-reply of a validated message, and a JetStream durable pull consumer that acks."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nats
from nats.aio.msg import Msg
from pydantic import BaseModel

from president_tools.loadtest.stats import percentile

FRAMEWORKS = ("faststream", "nats-py")
KINDS = ("request", "consume")
SUBJECT = "bench.bus.ping"
STREAM = "BENCH_BUS"
EVENTS = "bench.bus.events"
DURABLE = "bench-bus"
BATCH = 100
DRAIN_TIMEOUT = 120.0


class Ping(BaseModel):
    n: int
    text: str


class Pong(BaseModel):
    n: int
    length: int


# -- the handlers (each in a process of its own) ------------------------------------


async def _nats_py(url: str, kind: str, ready: Path) -> None:
    nc = await nats.connect(url, name="bench-bus-nats-py")
    if kind == "request":

        async def answer(msg: Msg) -> None:
            ping = Ping.model_validate_json(msg.data)
            await msg.respond(Pong(n=ping.n, length=len(ping.text)).model_dump_json().encode())

        await nc.subscribe(SUBJECT, cb=answer)
        await nc.flush()
        await asyncio.to_thread(ready.touch)
        await asyncio.Event().wait()
    js = nc.jetstream()
    subscription = await js.pull_subscribe(EVENTS, DURABLE, stream=STREAM)
    await asyncio.to_thread(ready.touch)
    while True:
        await consume_batch(subscription)


async def consume_batch(subscription: Any) -> int:
    """One fetch of the nats-py consumer, each message validated and acked; how many.

    A fetch that times out is no batch, whichever time-out: nats-py raises its own
    ``nats.errors.TimeoutError`` or, when its no-wait probe is answered at the deadline, a
    bare ``asyncio.TimeoutError`` (``_fetch_n``), which ended the handler in a full suite."""
    try:
        messages = await subscription.fetch(BATCH, timeout=1)
    except TimeoutError:  # both: nats-py's subclasses asyncio's, the builtin since 3.11
        return 0
    for msg in messages:
        Ping.model_validate_json(msg.data)
        await msg.ack()
    return len(messages)


async def _faststream(url: str, kind: str, ready: Path) -> None:
    from faststream import AckPolicy
    from faststream.nats import JStream, NatsBroker, PullSub

    broker = NatsBroker(url, logger=None)
    if kind == "request":

        @broker.subscriber(SUBJECT)
        async def answer(ping: Ping) -> Pong:
            return Pong(n=ping.n, length=len(ping.text))

    else:

        @broker.subscriber(
            EVENTS,
            stream=JStream(STREAM, declare=False),
            durable=DURABLE,
            pull_sub=PullSub(batch_size=BATCH, timeout=1),
            ack_policy=AckPolicy.ACK,
        )
        async def consume(ping: Ping) -> None:
            return None

    await broker.start()
    await asyncio.to_thread(ready.touch)
    await asyncio.Event().wait()


def serve(framework: str, kind: str, url: str, ready: str) -> None:
    """Run one handler until SIGTERM (the child process's entry point)."""
    handler = _faststream if framework == "faststream" else _nats_py
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    asyncio.run(handler(url, kind, Path(ready)))


# -- the bench (the parent) -----------------------------------------------------------


@dataclass
class Run:
    framework: str
    kind: str
    messages: int
    seconds: float
    cpu_s: float
    latencies_ms: list[float]

    def to_json(self) -> dict[str, Any]:
        figures: dict[str, Any] = {
            "framework": self.framework,
            "kind": self.kind,
            "messages": self.messages,
            "messages_per_s": self.messages / self.seconds,
            "cpu_us_per_message": 1e6 * self.cpu_s / self.messages,
        }
        if self.latencies_ms:
            figures["p50_ms"] = percentile(self.latencies_ms, 50)
            figures["p99_ms"] = percentile(self.latencies_ms, 99)
        return figures


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(framework: str, kind: str, url: str, scratch: Path) -> subprocess.Popen[bytes]:
    ready = scratch / f"{framework}-{kind}.ready"
    ready.unlink(missing_ok=True)
    code = "import sys; from president_tools.loadtest.bus import serve; serve(*sys.argv[1:])"
    child = subprocess.Popen(
        [sys.executable, "-c", code, framework, kind, url, str(ready)],
        stdout=subprocess.DEVNULL,
        stderr=(scratch / f"{framework}-{kind}.log").open("wb"),
    )
    deadline = time.monotonic() + 30
    while not ready.exists():
        if child.poll() is not None or time.monotonic() > deadline:
            child.kill()
            raise RuntimeError(f"the {framework} {kind} handler did not start; see {scratch}")
        time.sleep(0.02)
    return child


def _stop(child: subprocess.Popen[bytes]) -> None:
    child.terminate()
    try:
        child.wait(5)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


async def _requests(url: str, count: int, in_flight: int) -> tuple[float, list[float]]:
    nc = await nats.connect(url, name="bench-bus-client")
    payloads = [Ping(n=n, text="x" * 160).model_dump_json().encode() for n in range(count)]
    latencies: list[float] = []
    queue = iter(payloads)

    async def sender() -> None:
        for payload in queue:
            sent = time.perf_counter()
            reply = await nc.request(SUBJECT, payload, timeout=5)
            latencies.append((time.perf_counter() - sent) * 1000)
            Pong.model_validate_json(reply.data)

    try:
        for payload in payloads[:50]:  # warm both ends
            await nc.request(SUBJECT, payload, timeout=5)
        started = time.perf_counter()
        await asyncio.gather(*(sender() for _ in range(in_flight)))
        return time.perf_counter() - started, latencies
    finally:
        await nc.close()


async def _prepare(url: str) -> None:
    """A fresh, empty stream and its durable consumer."""
    nc = await nats.connect(url, name="bench-bus-preparer")
    try:
        js = nc.jetstream()
        with contextlib.suppress(nats.js.errors.NotFoundError):
            await js.delete_stream(STREAM)
        await js.add_stream(name=STREAM, subjects=[EVENTS])
        await js.add_consumer(STREAM, durable_name=DURABLE, ack_policy="explicit")
    finally:
        await nc.close()


async def _publish_and_drain(url: str, count: int) -> float:
    """Seconds from the first of ``count`` messages published to the durable having every
    one acknowledged (the publishing is the same for both handlers)."""
    nc = await nats.connect(url, name="bench-bus-publisher")
    try:
        js = nc.jetstream()
        payload = Ping(n=0, text="x" * 160).model_dump_json().encode()
        started = time.perf_counter()
        for start in range(0, count, 500):
            acks = [await js.publish_async(EVENTS, payload) for _ in range(min(500, count - start))]
            await asyncio.gather(*acks)
        async with asyncio.timeout(DRAIN_TIMEOUT):
            while True:
                info = await js.consumer_info(STREAM, DURABLE)
                if info.num_pending == 0 and info.num_ack_pending == 0:
                    return time.perf_counter() - started
                await asyncio.sleep(0.005)
    finally:
        await nc.close()


def measure(framework: str, kind: str, url: str, scratch: Path, count: int, in_flight: int) -> Run:
    """One handler started in its own process and measured: wall time and its CPU."""
    if kind == "consume":
        asyncio.run(_prepare(url))
    child = _start(framework, kind, url, scratch)
    try:
        cpu = _cpu_seconds(child.pid)
        if kind == "request":
            seconds, latencies = asyncio.run(_requests(url, count, in_flight))
        else:
            seconds, latencies = asyncio.run(_publish_and_drain(url, count)), []
        cpu = _cpu_seconds(child.pid) - cpu
    finally:
        _stop(child)
    return Run(framework, kind, count, seconds, cpu, latencies)


def report(runs: list[Run]) -> dict[str, Any]:
    """Every run, and per framework and kind the median of its rounds."""
    summary: dict[str, Any] = {}
    for kind in KINDS:
        for framework in FRAMEWORKS:
            mine = sorted(
                (r for r in runs if r.kind == kind and r.framework == framework),
                key=lambda r: r.cpu_s / r.messages,
            )
            if mine:
                summary[f"{kind}/{framework}"] = mine[len(mine) // 2].to_json()
    return {"runs": [r.to_json() for r in runs], "median": summary}
