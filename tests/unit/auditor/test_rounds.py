"""Verdicts on every round's end (``PRESIDENT_AUDITOR_EVERY_ROUND``): the game audited up
to the transaction that ended the round, one verdict per ``RoundEnded``, numbered."""

from __future__ import annotations

from faststream.nats import TestNatsBroker
from president.audit import audit_events, load_bundle
from president.contract.headers import MSG_ID
from president.contract.verdicts import AuditFailed, AuditPassed
from president.store import RecordedEvent
from president.store.memory import InMemoryEventStore

from services.auditor.auditor import up_to_round_end
from services.auditor.subscriber import Consumer
from services.auditor.verdicts import game_end, verdict_of
from tests.support.tampering import TAMPERS, Row, tampered
from tests.unit.audit.conftest import bundle_with
from tests.unit.auditor.conftest import SUBJECTS, TABLE, Verdicts, auditor_broker, relay_headers


def _round_ends(events: list[RecordedEvent]) -> list[RecordedEvent]:
    return [e for e in events if e.type == "RoundEnded"]


def test_a_rounds_end_is_audited_only_on_the_setting(events: list[RecordedEvent]) -> None:
    first = _round_ends(events)[0]
    assert game_end(relay_headers(first)) is None
    end = game_end(relay_headers(first), rounds=True)
    assert end is not None and end.round_end and end.event_id == str(first.event_id)
    last = game_end(relay_headers(events[-1]), rounds=True)
    assert last is not None and not last.round_end  # GameEnded stays the game's end


def test_the_game_up_to_each_rounds_end_is_that_rounds_transaction_and_audits_clean(
    events: list[RecordedEvent],
) -> None:
    ends = _round_ends(events)
    assert len(ends) == 2
    for number, ended in enumerate(ends, start=1):
        upto, round_number = up_to_round_end(events, ended.version)
        assert round_number == number
        assert {e.tx_id for e in upto if e.version > ended.version} <= {ended.tx_id}
        assert upto[-1].tx_id == ended.tx_id
        assert any(e.type == "SeedRevealed" and e.data["round"] == number for e in upto)
        assert audit_events(upto, TABLE).ok, audit_events(upto, TABLE).problems
    first, _ = up_to_round_end(events, ends[0].version)
    assert len(first) < len(events) and not any(e.type == "GameEnded" for e in first)


def test_a_forged_play_of_round_one_fails_round_ones_verdict(
    bundle_bytes: bytes, rows: list[Row]
) -> None:
    changed, version = tampered(rows, TAMPERS[0], forged=True)  # round 1's first play
    forged = list(load_bundle(bundle_with(bundle_bytes, changed, new_head=True)).events)
    ended = next(e for e in forged if e.type == "RoundEnded")
    end = game_end(relay_headers(ended), rounds=True)  # type: ignore[arg-type]
    assert end is not None
    upto, number = up_to_round_end(forged, ended.version)  # type: ignore[arg-type]
    verdict = verdict_of(audit_events(upto, TABLE), end, number)
    assert isinstance(verdict, AuditFailed) and verdict.round == 1
    assert ("rules", version) in {(p.code, p.version) for p in verdict.problems}


async def test_every_rounds_end_gets_its_own_verdict_besides_the_games(
    store: InMemoryEventStore, verdicts: Verdicts
) -> None:
    events = await store.read_stream(f"game-{TABLE}")
    broker = auditor_broker(store, verdicts, Consumer("auditor", every_round=True))
    ends = [*_round_ends(events), events[-1]]
    async with TestNatsBroker(broker) as testing:
        for event in events:
            await testing.publish(
                b"{}",
                SUBJECTS.public(TABLE),
                headers=relay_headers(event),
                stream=SUBJECTS.events_stream,
            )
    published = [AuditPassed.model_validate_json(body) for _, body in verdicts]
    assert [(v.event_id, v.round) for v in published] == [
        (str(ends[0].event_id), 1),
        (str(ends[1].event_id), 2),
        (str(ends[2].event_id), None),
    ]
    assert [h[MSG_ID] for h, _ in verdicts] == [f"verdict:{e.event_id}" for e in ends]
    assert published[0].events < published[2].events == len(events)
