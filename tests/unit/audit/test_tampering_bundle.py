"""Tampering with a bundle file is found and located at the stream version it touched."""

from __future__ import annotations

from pathlib import Path

import pytest
from president.audit import AuditReport, audit_bundle_file

from tests.support.tampering import TAMPERS, Row, Tamper, tampered
from tests.unit.audit.conftest import bundle_with


def _problems_at(report: AuditReport, version: int) -> list[str]:
    return [p.problem for p in report.problems if p.version == version]


def _audit_tampered(
    tmp_path: Path, bundle_bytes: bytes, rows: list[Row], tamper: Tamper, *, forged: bool
) -> tuple[AuditReport, int]:
    changed, version = tampered(rows, tamper, forged=forged)
    path = tmp_path / "tampered.jsonl"
    path.write_bytes(bundle_with(bundle_bytes, changed, new_head=forged))
    return audit_bundle_file(path), version


@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda t: t.name)
def test_an_edit_of_the_file_breaks_the_chain_where_it_was_made(
    tmp_path: Path, bundle_bytes: bytes, rows: list[Row], tamper: Tamper
) -> None:
    report, version = _audit_tampered(tmp_path, bundle_bytes, rows, tamper, forged=False)
    assert not report.ok
    chain = [p for p in report.problems if p.problem.startswith("hash chain")]
    assert chain and min(p.version or 0 for p in chain) in (version, version + 1)
    assert any(tamper.says in problem for problem in _problems_at(report, version)), (
        version,
        report.problems,
    )


@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda t: t.name)
def test_a_forger_who_rehashes_the_chain_is_still_caught_at_the_event(
    tmp_path: Path, bundle_bytes: bytes, rows: list[Row], tamper: Tamper
) -> None:
    report, version = _audit_tampered(tmp_path, bundle_bytes, rows, tamper, forged=True)
    assert not any(p.problem.startswith("hash chain") for p in report.problems)
    assert not report.ok
    assert report.problems[0].version == version
    assert any(tamper.says in problem for problem in _problems_at(report, version)), (
        version,
        report.problems,
    )
