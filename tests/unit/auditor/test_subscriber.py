"""The auditor's wiring on FastStream's in-memory broker: a game's end gets one verdict on
its table's verdict subject, with the message id that makes a second one a duplicate."""

from __future__ import annotations

from faststream.nats import NatsBroker, TestNatsBroker
from president.contract.headers import MSG_ID
from president.contract.verdicts import AuditPassed, Verdict
from president.store import RecordedEvent
from president.store.memory import InMemoryEventStore
from prometheus_client import REGISTRY

from services.auditor.subscriber import Consumer, audit_router
from services.auditor.verdicts import GameEnd
from tests.unit.auditor.conftest import SUBJECTS, TABLE, Verdicts, relay_headers

EVENTS = SUBJECTS.events_stream


def _errors() -> float:
    return REGISTRY.get_sample_value("president_audit_errors_total") or 0.0


async def test_a_games_end_gets_a_passed_verdict_on_its_tables_subject(
    broker: NatsBroker, ended: RecordedEvent, verdicts: Verdicts
) -> None:
    await broker.publish(b"{}", SUBJECTS.public(TABLE), headers=relay_headers(ended), stream=EVENTS)
    assert len(verdicts) == 1
    headers, body = verdicts[0]
    verdict = AuditPassed.model_validate_json(body)
    assert (verdict.table_id, verdict.event_id, verdict.ended_version) == (
        TABLE,
        str(ended.event_id),
        ended.version,
    )
    assert verdict.replayed > 0 and verdict.events >= ended.version
    assert headers[MSG_ID] == f"verdict:{ended.event_id}"


async def test_every_other_public_event_is_let_through_with_no_verdict(
    broker: NatsBroker, store: InMemoryEventStore, verdicts: Verdicts
) -> None:
    for event in (await store.read_stream(f"game-{TABLE}"))[:20]:
        assert event.type != "GameEnded"
        await broker.publish(
            b"{}", SUBJECTS.public(TABLE), headers=relay_headers(event), stream=EVENTS
        )
    assert verdicts == []


async def test_an_end_delivered_twice_is_published_twice_under_one_message_id(
    broker: NatsBroker, ended: RecordedEvent, verdicts: Verdicts
) -> None:
    for _ in range(2):
        await broker.publish(
            b"{}", SUBJECTS.public(TABLE), headers=relay_headers(ended), stream=EVENTS
        )
    assert len(verdicts) == 2
    assert verdicts[0][0][MSG_ID] == verdicts[1][0][MSG_ID]  # the audit stream keeps one
    assert verdicts[0][1] == verdicts[1][1]


async def test_an_audit_that_fails_publishes_nothing_and_counts_an_error(
    ended: RecordedEvent, verdicts: Verdicts
) -> None:
    async def database_away(end: GameEnd) -> Verdict:
        raise OSError("connection refused")

    broker = NatsBroker()
    broker.include_router(audit_router(broker, SUBJECTS, database_away, Consumer("auditor")))
    errors = _errors()
    async with TestNatsBroker(broker) as testing:
        await testing.publish(
            b"{}", SUBJECTS.public(TABLE), headers=relay_headers(ended), stream=EVENTS
        )
    assert _errors() == errors + 1
    assert verdicts == []
