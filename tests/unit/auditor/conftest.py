"""A played game in an in-memory log, the relay's headers of its end, and the auditor's
broker under FastStream's in-memory ``TestNatsBroker``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from faststream.nats import JStream, NatsBroker, TestNatsBroker
from faststream.nats.annotations import NatsMessage
from president.contract.headers import EVENT_ID, EVENT_TYPE, MSG_ID, STREAM_ID, VERSION
from president.contract.subjects import Subjects
from president.store import RecordedEvent
from president.store.memory import InMemoryEventStore
from president_tools.sample import SampleGame, write_game

from services.auditor.auditor import Auditor
from services.auditor.subscriber import Consumer, audit_router
from tests.unit.audit.conftest import TABLE, bundle_bytes, events, game, rows

__all__ = ["TABLE", "bundle_bytes", "events", "game", "rows"]

SUBJECTS = Subjects("president")


def relay_headers(event: RecordedEvent) -> dict[str, str]:
    """The headers the relay sets on an event's public message."""
    return {
        MSG_ID: f"{event.event_id}.public",
        EVENT_ID: str(event.event_id),
        STREAM_ID: event.stream_id,
        VERSION: str(event.version),
        EVENT_TYPE: event.type,
    }


@pytest.fixture
async def store(game: SampleGame) -> InMemoryEventStore:
    store = InMemoryEventStore()
    await write_game(store, game)
    return store


@pytest.fixture
async def ended(store: InMemoryEventStore) -> RecordedEvent:
    """The stored game's ``GameEnded``."""
    stream = await store.read_stream(f"game-{TABLE}")
    return next(event for event in stream if event.type == "GameEnded")


class Verdicts(list[tuple[dict[str, str], bytes]]):
    """What the auditor published on the verdict subjects: headers and body, in order."""


@pytest.fixture
def verdicts() -> Verdicts:
    return Verdicts()


def auditor_broker(
    store: InMemoryEventStore, verdicts: Verdicts, consumer: Consumer | None = None
) -> NatsBroker:
    """The auditor's broker with its router on ``store`` and a subscriber that keeps what
    is published on the verdict subjects in ``verdicts``."""
    broker = NatsBroker()
    audit = Auditor(store).verdict
    broker.include_router(audit_router(broker, SUBJECTS, audit, consumer or Consumer("auditor")))

    @broker.subscriber(
        SUBJECTS.verdict_subjects[0], stream=JStream(SUBJECTS.audit_stream, declare=False)
    )
    async def keep(msg: NatsMessage) -> None:
        verdicts.append((dict(msg.headers), msg.body))

    return broker


@pytest.fixture
async def broker(store: InMemoryEventStore, verdicts: Verdicts) -> AsyncIterator[NatsBroker]:
    """The auditor's broker in memory (no server)."""
    async with TestNatsBroker(auditor_broker(store, verdicts)) as testing:
        yield testing
