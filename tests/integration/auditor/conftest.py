"""The auditor against the session's real NATS and Postgres: a migrated database, games
written to it, their events published as the relay publishes them, and the verdicts read
back from the audit stream."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import nats
import pytest
from nats.js import JetStreamContext
from president.bus.streams import ensure_stream, events_stream
from president.contract.subjects import Subjects
from president.contract.verdicts import AuditFailed, AuditPassed, Verdict
from president.store.migrate import auditor_role_url
from president.store.postgres import PostgresEventStore
from pydantic import TypeAdapter

from services.auditor.main import AuditorApp, create_app
from services.auditor.settings import AuditorSettings
from services.relay.envelope import envelopes
from services.relay.game_routing import game_routing
from tests.fixtures.servers import TestServers
from tests.integration.audit.conftest import audit_db, store
from tests.support.waiting import eventually

WAIT = 20.0
"""Seconds a test waits for the auditor."""
_VERDICT: TypeAdapter[Verdict] = TypeAdapter(AuditPassed | AuditFailed)


__all__ = ["audit_db", "store"]  # the audit tests' migrated database and store


class Bus:
    """The tests' side of NATS (the harness identity): the events stream, the relay's
    messages, the audit stream."""

    def __init__(self, js: JetStreamContext, subjects: Subjects):
        self.js, self.subjects = js, subjects

    async def relay(self, store: PostgresEventStore, table_id: str, *, again: str = "") -> None:
        """Publish the game's events as the relay does; ``again``: the game's end once more,
        under another message id (a relay that republished after the duplicate window)."""
        route = game_routing(self.subjects.prefix).route
        for event in await store.read_stream(f"game-{table_id}"):
            for envelope in envelopes(event, route):
                headers = dict(envelope.headers)
                if again and event.type == "GameEnded":
                    headers["Nats-Msg-Id"] += again
                elif again:
                    continue
                await self.js.publish(
                    envelope.subject,
                    envelope.payload,
                    headers=headers,
                    stream=self.subjects.events_stream,
                )

    async def verdicts(self, count: int) -> list[Verdict]:
        """The audit stream's verdicts once it holds ``count`` (fails after ``WAIT`` s)."""
        stream = self.subjects.audit_stream
        held = 0

        async def in_stream() -> bool:
            nonlocal held
            try:
                held = (await self.js.stream_info(stream)).state.messages
            except nats.js.errors.NotFoundError:
                held = 0
            return held >= count

        await eventually(in_stream, WAIT, f"{count} verdicts")
        found = [await self.js.get_msg(stream, seq) for seq in range(1, held + 1)]
        return [_VERDICT.validate_json(msg.data or b"") for msg in found]

    async def settled(self, durable: str = "auditor") -> None:
        """Wait until the auditor's consumer has every event acknowledged."""

        async def acked() -> bool:
            info = await self.js.consumer_info(self.subjects.events_stream, durable)
            return info.num_pending == 0 and info.num_ack_pending == 0

        await eventually(acked, WAIT, f"the consumer {durable} settled")


@pytest.fixture
async def bus(servers: TestServers, unique_prefix: str) -> AsyncIterator[Bus]:
    client = await nats.connect(servers.nats_url)
    subjects = Subjects(unique_prefix)
    js = client.jetstream()
    await ensure_stream(js, events_stream(subjects))
    try:
        yield Bus(js, subjects)
    finally:
        for stream in (subjects.events_stream, subjects.audit_stream):
            with contextlib.suppress(nats.js.errors.NotFoundError):
                await js.delete_stream(stream)
        await client.close()


def auditor_settings(
    servers: TestServers, audit_db: str, prefix: str, instance: str = "auditor-1"
) -> AuditorSettings:
    """An auditor as deployed: its own NATS identity, the log as ``president_auditor``."""
    return AuditorSettings(
        nats_url=servers.url_for("auditor"),
        database_url=auditor_role_url(audit_db),
        subject_prefix=prefix,
        instance_id=instance,
        ack_wait=2.0,
        retry_delay=0.2,
        stop_timeout=5.0,
    )


@pytest.fixture
async def auditor(servers: TestServers, audit_db: str, bus: Bus) -> AsyncIterator[AuditorApp]:
    app = create_app(auditor_settings(servers, audit_db, bus.subjects.prefix))
    await app.start()
    try:
        yield app
    finally:
        await app.stop()
