"""`president bench audit --games N`: one auditor instance (the service, in this process)
catching up on N finished games: audits per second and CPU milliseconds per audited game."""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass
from typing import Any

import nats
from nats.aio.msg import Msg
from president.bus.streams import ensure_stream, events_stream
from president.contract.subjects import Subjects
from president.rules import Options
from president.store.postgres import PostgresEventStore

from president_tools.sample import play_sample_game, write_game
from services.auditor.main import create_app
from services.auditor.settings import AuditorSettings
from services.relay.envelope import envelopes
from services.relay.game_routing import game_routing

PUBLISH_BATCH = 200
WITHIN_S = 600.0
"""The bench gives up when the verdicts are not all out after this long."""


@dataclass(frozen=True)
class AuditorBench:
    """Where it runs: the log as its owner (to write the games) and as the auditor, NATS
    as a tooling identity that may publish the relay's subjects and read the verdicts,
    and as the auditor."""

    database_url: str
    auditor_database_url: str
    tool_url: str
    auditor_url: str
    prefix: str = "president"


async def fill(bench: AuditorBench, games: int, options: Options, seed: int = 1) -> list[str]:
    """Write ``games`` finished games (random legal play) to the log as the engine would,
    and publish their events as the relay does; the ids of their tables."""
    subjects = Subjects(bench.prefix)
    store = await PostgresEventStore.connect(bench.database_url)
    client = await nats.connect(bench.tool_url)
    try:
        js = client.jetstream()
        await ensure_stream(js, events_stream(subjects))
        route = game_routing(bench.prefix).route
        tables = []
        for index in range(games):
            table_id = f"bench-{uuid.uuid4().hex[:8]}"
            await write_game(store, play_sample_game(table_id, options, seed + index))
            out = [
                envelope
                for event in await store.read_stream(f"game-{table_id}")
                for envelope in envelopes(event, route)
            ]
            for start in range(0, len(out), PUBLISH_BATCH):
                await asyncio.gather(
                    *(
                        js.publish(e.subject, e.payload, headers=dict(e.headers))
                        for e in out[start : start + PUBLISH_BATCH]
                    )
                )
            tables.append(table_id)
        return tables
    finally:
        await client.close()
        await store.close()


class _VerdictCount:
    """Verdicts arriving, with the wall and CPU clocks at the first and the last."""

    def __init__(self, wanted: int):
        self.wanted, self.count, self.failed = wanted, 0, 0
        self.first: tuple[float, float] | None = None
        self.last: tuple[float, float] | None = None
        self.done = asyncio.Event()

    async def on_verdict(self, msg: Msg) -> None:
        self.count += 1
        self.failed += b'"AuditFailed"' in msg.data
        now = (time.perf_counter(), time.process_time())
        self.first = self.first or now
        if self.count >= self.wanted:
            self.last = now
            self.done.set()


async def measure_auditor(bench: AuditorBench, tables: int, concurrency: int = 4) -> dict[str, Any]:
    """Start one auditor on the log and the events stream ``fill`` made; time it from its
    first verdict to its ``tables``-th: audits per second and CPU ms per audited game (the
    CPU of this process, which does little else meanwhile)."""
    subjects = Subjects(bench.prefix)
    settings = AuditorSettings(
        nats_url=bench.auditor_url,
        database_url=bench.auditor_database_url,
        subject_prefix=bench.prefix,
        instance_id="auditor-bench",
        concurrency=concurrency,
        db_pool_size=concurrency,
    )
    client = await nats.connect(bench.tool_url)
    count = _VerdictCount(tables)
    subscription = await client.subscribe(subjects.verdict_subjects[0], cb=count.on_verdict)
    await client.flush()
    app = create_app(settings)
    started = time.perf_counter()
    try:
        await app.start()
        await asyncio.wait_for(count.done.wait(), WITHIN_S)
    finally:
        await app.stop()
        await subscription.unsubscribe()
        await client.close()
    assert count.first is not None and count.last is not None
    wall, cpu = (b - a for a, b in zip(count.first, count.last, strict=True))
    audited = max(1, tables - 1)  # between the first verdict and the last
    return {
        "games": tables,
        "concurrency": concurrency,
        "failed": count.failed,
        "audits_per_s": round(audited / wall, 1) if wall > 0 else None,
        "cpu_ms_per_game": round(cpu * 1000 / audited, 2),
        "all_verdicts_s": round((count.last[0] - started), 2),
    }
