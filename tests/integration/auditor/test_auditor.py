"""The auditor on a real NATS and Postgres: every finished game gets exactly one verdict,
with the check and version of each problem of a tampered record."""

from __future__ import annotations

import asyncio
import time

from faststream.nats import NatsBroker
from president.bus.streams import audit_stream, ensure_stream, events_stream
from president.contract.verdicts import AuditFailed, AuditPassed, Verdict
from president.store.postgres import PostgresEventStore
from prometheus_client import REGISTRY

from services.auditor.auditor import Auditor
from services.auditor.backlog import Backlog
from services.auditor.main import AuditorApp, create_app
from services.auditor.subscriber import Consumer, audit_router
from services.auditor.verdicts import GameEnd
from tests.fixtures.servers import TestServers
from tests.integration.audit.conftest import rewrite_as_superuser, write_sample
from tests.integration.auditor.conftest import Bus, auditor_settings
from tests.support.tampering import TAMPERS, rows_of, tampered
from tests.support.waiting import eventually


async def test_a_finished_game_gets_one_passed_verdict(
    store: PostgresEventStore, bus: Bus, auditor: AuditorApp
) -> None:
    delays_before = REGISTRY.get_sample_value("president_audit_verdict_delay_seconds_count") or 0
    table_id = await write_sample(store)
    await bus.relay(store, table_id)
    (verdict,) = await bus.verdicts(1)
    await bus.settled()
    assert isinstance(verdict, AuditPassed)
    # how long the verdict took, from the game's end stored in the events stream
    delays = REGISTRY.get_sample_value("president_audit_verdict_delay_seconds_count")
    assert delays == delays_before + 1
    ended = (await store.read_stream(f"game-{table_id}"))[-1]
    assert (verdict.table_id, verdict.event_id, verdict.ended_version) == (
        table_id,
        str(ended.event_id),
        ended.version,
    )
    assert len(await bus.verdicts(1)) == 1


async def test_a_tampered_event_in_postgres_gives_audit_failed_naming_the_problem(
    store: PostgresEventStore, bus: Bus, auditor: AuditorApp
) -> None:
    table_id = await write_sample(store)
    stream_id = f"game-{table_id}"
    rows, version = tampered(rows_of(await store.read_stream(stream_id)), TAMPERS[0], forged=True)
    await rewrite_as_superuser(store, stream_id, rows)
    await bus.relay(store, table_id)
    (verdict,) = await bus.verdicts(1)
    assert isinstance(verdict, AuditFailed)
    assert ("rules", version) in {(p.code, p.version) for p in verdict.problems}


def _published() -> float:
    """Verdicts this process has published (a duplicate the stream dropped counts too)."""
    samples = (
        REGISTRY.get_sample_value(
            "president_audit_verdicts_total", {"verdict": verdict, "scope": "game"}
        )
        for verdict in ("passed", "failed")
    )
    return sum(sample or 0.0 for sample in samples)


async def test_an_end_delivered_twice_gives_one_verdict(
    store: PostgresEventStore, bus: Bus, auditor: AuditorApp
) -> None:
    table_id = await write_sample(store)
    before = _published()
    await bus.relay(store, table_id)
    await bus.relay(store, table_id, again=".republished")
    await bus.settled()
    verdicts = await bus.verdicts(1)
    assert [v.table_id for v in verdicts] == [table_id]
    assert _published() - before == 2  # audited twice, stored once: the same message id


async def test_an_audit_that_fails_is_delivered_again_until_its_verdict_is_out(
    servers: TestServers, store: PostgresEventStore, bus: Bus
) -> None:
    table_id = await write_sample(store)
    real = Auditor(store)
    calls: list[GameEnd] = []

    async def flaky(end: GameEnd) -> Verdict:
        calls.append(end)
        if len(calls) < 3:
            raise OSError("the database is away")
        return await real.verdict(end)

    broker = NatsBroker(servers.url_for("auditor"), inbox_prefix="_INBOX.auditor", logger=None)
    consumer = Consumer("auditor", ack_wait=2.0, retry_delay=0.1, inbox_prefix="_INBOX.auditor")
    broker.include_router(audit_router(broker, bus.subjects, flaky, consumer))
    await broker.connect()
    await ensure_stream(broker.config.connection_state.stream, audit_stream(bus.subjects))
    await broker.start()
    try:
        await bus.relay(store, table_id)
        (verdict,) = await bus.verdicts(1)
        await bus.settled()
    finally:
        await broker.stop()
    assert isinstance(verdict, AuditPassed) and verdict.table_id == table_id
    assert [end.table_id for end in calls] == [table_id] * 3


async def test_games_that_ended_while_it_was_away_get_their_verdicts_once_by_two_instances(
    servers: TestServers, audit_db: str, store: PostgresEventStore, bus: Bus
) -> None:
    tables = [await write_sample(store, seed=seed) for seed in range(4)]
    for table_id in tables:
        await bus.relay(store, table_id)
    prefix = bus.subjects.prefix
    # As deployed, an end goes to the other instance only when its audit takes longer than
    # ack_wait: the tests' 2 s was shorter than an audit in a loaded suite (a game audited
    # by both, stored once, failed the count below).
    apps = [
        create_app(
            auditor_settings(servers, audit_db, prefix, f"auditor-{n}").model_copy(
                update={"ack_wait": 30.0}
            )
        )
        for n in (1, 2)
    ]
    before = _published()
    await asyncio.gather(*(app.start() for app in apps))
    try:
        verdicts = await bus.verdicts(len(tables))
        await bus.settled()
        await asyncio.sleep(0.5)  # time for a second verdict, were there one
        assert sorted(v.table_id for v in await bus.verdicts(len(tables))) == sorted(tables)
        assert all(isinstance(v, AuditPassed) for v in verdicts)
        assert _published() - before == len(tables)  # no game audited by both
    finally:
        await asyncio.gather(*(app.stop() for app in apps))


async def test_on_the_setting_every_rounds_end_gets_one_verdict_too(
    servers: TestServers, audit_db: str, store: PostgresEventStore, bus: Bus
) -> None:
    settings = auditor_settings(servers, audit_db, bus.subjects.prefix)
    app = create_app(settings.model_copy(update={"auditor_every_round": True}))
    await app.start()
    try:
        table_id = await write_sample(store)  # 2 rounds
        await bus.relay(store, table_id)
        await bus.relay(store, table_id, again=".republished")  # the game's end, again
        await bus.settled()
        verdicts = await bus.verdicts(3)
    finally:
        await app.stop()
    events = await store.read_stream(f"game-{table_id}")
    ends = [e for e in events if e.type == "RoundEnded"] + [events[-1]]
    # One verdict per end, in whatever order the audits finish (under load the game's end
    # was answered before round 2's).
    by_end = {v.event_id: v for v in verdicts}
    assert len(by_end) == len(verdicts) == 3
    assert {end: by_end[end].round for end in by_end} == {
        str(ends[0].event_id): 1,
        str(ends[1].event_id): 2,
        str(ends[2].event_id): None,
    }
    assert all(isinstance(v, AuditPassed) for v in verdicts)
    first, last = by_end[str(ends[0].event_id)], by_end[str(ends[2].event_id)]
    assert first.events < last.events == len(events)


async def test_an_end_whose_audit_does_not_finish_shows_as_a_growing_wait(
    servers: TestServers, store: PostgresEventStore, bus: Bus
) -> None:
    """The backlog watch on a real consumer: the floor stops before the held end (every
    event before it acknowledged), the wait grows while it is held, and ends with it."""
    table_id = await write_sample(store)
    real, release = Auditor(store), asyncio.Event()

    async def held(end: GameEnd) -> Verdict:
        await release.wait()
        return await real.verdict(end)

    broker = NatsBroker(servers.url_for("auditor"), inbox_prefix="_INBOX.auditor", logger=None)
    consumer = Consumer("auditor", ack_wait=30.0, inbox_prefix="_INBOX.auditor")
    broker.include_router(audit_router(broker, bus.subjects, held, consumer))
    await broker.connect()
    await ensure_stream(broker.config.connection_state.stream, audit_stream(bus.subjects))
    await broker.start()
    backlog, events = Backlog(), bus.subjects.events_stream
    try:
        await bus.relay(store, table_id)
        ends = (await bus.js.stream_info(events)).state.last_seq  # the end is the last
        info = await bus.js.consumer_info(events, "auditor")

        async def all_but_the_end_acked() -> bool:
            nonlocal info
            info = await bus.js.consumer_info(events, "auditor")
            return bool(info.ack_floor.stream_seq == ends - 1)

        await eventually(all_but_the_end_acked, 20, "all but the end acknowledged")
        assert backlog.look(info, time.monotonic()) == (1, 0.0)
        await asyncio.sleep(1.0)
        outstanding, waited = backlog.look(
            await bus.js.consumer_info(events, "auditor"), time.monotonic()
        )
        assert outstanding == 1 and waited >= 1.0
        release.set()
        await bus.verdicts(1)
        await bus.settled()
        assert backlog.look(await bus.js.consumer_info(events, "auditor"), time.monotonic()) == (
            0,
            0.0,
        )
    finally:
        release.set()
        await broker.stop()


async def test_an_auditor_started_before_the_events_stream_waits_for_it(
    servers: TestServers, audit_db: str, store: PostgresEventStore, bus: Bus
) -> None:
    """Started before the relay (which makes the stream it may only read), it waits, not
    ready, instead of failing its start; then it audits as usual."""
    await bus.js.delete_stream(bus.subjects.events_stream)
    app = create_app(auditor_settings(servers, audit_db, bus.subjects.prefix))
    starting = asyncio.create_task(app.start())
    try:
        await asyncio.sleep(1.0)
        assert not starting.done()
        await ensure_stream(bus.js, events_stream(bus.subjects))
        await asyncio.wait_for(starting, 10)
        table_id = await write_sample(store)
        await bus.relay(store, table_id)
        (verdict,) = await bus.verdicts(1)
        assert isinstance(verdict, AuditPassed) and verdict.table_id == table_id
    finally:
        if not starting.done():
            starting.cancel()
        await app.stop()
