"""The audit of a game with turn clocks: the account shows them, tampering is found."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from president.audit import audit_bundle_file, render_html, render_text
from president.audit.verify import audit_events
from president.store import RecordedEvent

from tests.support.tampering import CLOCK_TAMPERS, Tamper, rows_of, tampered
from tests.unit.audit.conftest import bundle_with


def test_a_clocked_game_audits_clean_and_its_account_shows_the_clock(
    clocked_events: list[RecordedEvent],
) -> None:
    report = audit_events(clocked_events)
    assert report.ok, report.problems
    rounds = report.to_dict()["rounds"]
    notes = [note for r in rounds for note in r["clock"]]
    kinds = {note["kind"] for note in notes}
    assert kinds == {"timed_out", "away", "back", "left"}
    assert all(n["lag_ms"] == 10.0 for n in notes if n["kind"] == "timed_out")
    takeovers = [t for r in rounds for t in r["takeovers"]]
    assert {t["reason"] for t in takeovers} == {"timed_out", "away", "left"}
    decisions = ("CardsPlayed", "Passed", "CardsReturned")
    played = [e for e in clocked_events if e.type in decisions]
    assert len(takeovers) == sum(1 for e in played if e.metadata["actor"] == "takeover")
    returned = [x for r in rounds for x in r["exchange"] if x["kind"] == "returned"]
    assert returned and all(x["takeover"] is not None for x in returned)  # nobody acts
    timed_out = sum(1 for e in clocked_events if e.type == "TurnTimedOut")
    assert sum(1 for t in takeovers if t["reason"] == "timed_out") == timed_out
    text = render_text(report)
    assert "time-out (v" in text and "[takeover: left]" in text and "back (v" in text
    assert "left (v" in text and "p3" in text
    page = render_html(report)
    assert "Clock and presence" in page and "takeover (away)" in page
    json.dumps(report.to_dict())


@pytest.mark.parametrize("tamper", CLOCK_TAMPERS, ids=lambda t: t.name)
@pytest.mark.parametrize("forged", [False, True], ids=["edited", "forged"])
def test_tampering_with_the_clock_is_named_at_its_event(
    tmp_path: Path,
    clocked_events: list[RecordedEvent],
    clocked_bundle: bytes,
    tamper: Tamper,
    forged: bool,
) -> None:
    changed, version = tampered(rows_of(clocked_events), tamper, forged=forged)
    path = tmp_path / "tampered.jsonl"
    path.write_bytes(bundle_with(clocked_bundle, changed, new_head=forged))
    report = audit_bundle_file(path)
    assert not report.ok
    at_event = [p.problem for p in report.problems if p.version == version]
    assert any(tamper.says in problem for problem in at_event), (version, report.problems)


def test_a_clock_line_says_the_deadline_and_the_reason_in_the_locales_words(
    clocked_events: list[RecordedEvent],
) -> None:
    from president.l10n import localizer

    report = audit_events(clocked_events)
    english, croatian = render_text(report), render_text(report, l10n=localizer("hr"))
    assert "deadline 20" in english and "(after time-outs in a row)" in english
    assert "deadline" not in croatian and "rok 20" in croatian
    assert "(timeouts)" not in croatian and "(nakon više isteka vremena)" in croatian
