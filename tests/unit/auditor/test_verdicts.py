"""A game's end read from the relay's headers, and the verdict an audit report gives:
codes, ids and numbers, the problems located as the audit located them."""

from __future__ import annotations

import pytest
from president.audit import audit_events, load_bundle
from president.contract.headers import EVENT_TYPE, STREAM_ID, VERSION
from president.contract.verdicts import AuditFailed, AuditPassed
from president.store import RecordedEvent

from services.auditor.verdicts import GameEnd, game_end, verdict_of
from tests.support.tampering import TAMPERS, Row, Tamper, tampered
from tests.unit.audit.conftest import bundle_with
from tests.unit.auditor.conftest import TABLE, relay_headers

END = GameEnd(TABLE, f"game-{TABLE}", "0190-end", 254)


def test_a_game_ended_message_names_the_game_its_headers_say(events: list[RecordedEvent]) -> None:
    last = events[-1]
    assert last.type == "GameEnded"
    assert game_end(relay_headers(last)) == GameEnd(
        TABLE, last.stream_id, str(last.event_id), last.version
    )


def test_any_other_event_is_no_games_end(events: list[RecordedEvent]) -> None:
    assert all(game_end(relay_headers(event)) is None for event in events[:-1])


@pytest.mark.parametrize(
    "change",
    [{STREAM_ID: "table-tbl-audit"}, {STREAM_ID: "nonsense"}, {VERSION: "x"}, {EVENT_TYPE: "X"}],
)
def test_a_games_end_without_the_relays_headers_is_not_audited(
    events: list[RecordedEvent], change: dict[str, str]
) -> None:
    assert game_end({**relay_headers(events[-1]), **change}) is None


def test_a_clean_record_gives_audit_passed(events: list[RecordedEvent]) -> None:
    verdict = verdict_of(audit_events(events, TABLE), END)
    assert isinstance(verdict, AuditPassed)
    assert (verdict.events, verdict.chain_head) == (len(events), events[-1].hash)


@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda t: t.name)
def test_a_forged_record_gives_audit_failed_with_the_check_and_version(
    bundle_bytes: bytes, rows: list[Row], tamper: Tamper
) -> None:
    changed, version = tampered(rows, tamper, forged=True)
    report = audit_events(load_bundle(bundle_with(bundle_bytes, changed, new_head=True)).events)
    verdict = verdict_of(report, END)
    assert isinstance(verdict, AuditFailed)
    expected = "deal" if "seed" in tamper.name else "rules"
    assert [p.version for p in verdict.problems] == [p.version for p in report.problems]
    assert (expected, version) in {(p.code, p.version) for p in verdict.problems}
    assert "hash_chain" not in {p.code for p in verdict.problems}  # forged: re-chained


def test_a_raw_edit_gives_the_hash_chain_code(bundle_bytes: bytes, rows: list[Row]) -> None:
    changed, version = tampered(rows, TAMPERS[0], forged=False)
    report = audit_events(load_bundle(bundle_with(bundle_bytes, changed, new_head=False)).events)
    verdict = verdict_of(report, END)
    assert isinstance(verdict, AuditFailed)
    assert ("hash_chain", version) in {(p.code, p.version) for p in verdict.problems}
    assert verdict.model_dump(mode="json")["problems"][0].keys() == {"code", "version"}
