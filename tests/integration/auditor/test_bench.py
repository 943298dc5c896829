"""The benches' auditor figures on a tiny input: ``bench audit --games`` fills a log and
times one auditor to its last verdict; ``bench e2e``'s clock pairs each game's end with
its verdict."""

from __future__ import annotations

import asyncio

import nats
import orjson
from president.contract.headers import EVENT_ID, EVENT_TYPE
from president.rules import Options
from president.store.migrate import auditor_role_url
from president_tools.auditor_bench import AuditorBench, fill, measure_auditor
from president_tools.loadtest.verdicts import VerdictClock

from tests.fixtures.servers import TestServers
from tests.integration.auditor.conftest import Bus


async def test_the_audit_bench_has_one_auditor_give_every_filled_game_its_verdict(
    servers: TestServers, audit_db: str, bus: Bus
) -> None:
    bench = AuditorBench(
        audit_db,
        auditor_role_url(audit_db),
        servers.nats_url,
        servers.url_for("auditor"),
        bus.subjects.prefix,
    )
    tables = await fill(bench, 3, Options(players=4, rounds=1))
    figures = await measure_auditor(bench, len(tables), concurrency=2)
    assert (figures["games"], figures["failed"]) == (3, 0)
    assert figures["audits_per_s"] > 0 and figures["cpu_ms_per_game"] >= 0
    verdicts = await bus.verdicts(3)
    assert sorted(v.table_id for v in verdicts) == sorted(tables)


async def test_the_verdict_clock_pairs_each_games_end_with_its_verdict(
    servers: TestServers, bus: Bus
) -> None:
    subjects = bus.subjects
    client = await nats.connect(servers.nats_url)
    clock = VerdictClock(client, subjects)
    try:
        await clock.start()
        for event_id in ("e1", "e2"):
            headers = {EVENT_TYPE: "GameEnded", EVENT_ID: event_id}
            await client.publish(subjects.public("t1"), b"{}", headers=headers)
        await client.publish(subjects.public("t1"), b"{}", headers={EVENT_TYPE: "RoundEnded"})
        await _seen(clock.ends, 2)
        round_verdict = {"event_id": "e2", "round": 1}
        await client.publish(subjects.verdict("t1"), orjson.dumps(round_verdict))
        await asyncio.sleep(0.05)
        await client.publish(subjects.verdict("t1"), orjson.dumps({"event_id": "e1"}))
        await clock.settle(2.0)  # e2's game verdict never comes
    finally:
        await client.close()
    figures = clock.figures()
    assert (figures["count"], figures["missing"]) == (1, 1)
    assert figures["p95"] >= figures["p50"] > 0


async def _seen(arrivals: dict[str, float], count: int) -> None:
    """Until the clock has ``count`` arrivals (at most 5 s: delivery on a busy machine)."""
    for _ in range(500):
        if len(arrivals) >= count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{len(arrivals)} arrivals of {count}")
