"""A broken bundle gets a clear problem report, never a traceback."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from president.audit import AuditReport, audit_bundle, audit_bundle_file
from president_tools.cli import app
from typer.testing import CliRunner

from tests.support.tampering import Row, rechain
from tests.unit.audit.conftest import bundle_with


def _file_problems(report: AuditReport) -> list[str]:
    return [p.problem for p in report.problems if p.version is None]


def test_a_file_that_is_not_json_is_reported() -> None:
    report = audit_bundle(b"this is not a bundle\n{]\n")
    assert not report.ok
    assert "line 1 is not valid JSON" in _file_problems(report)[0]


def test_a_bundle_cut_in_the_middle_of_a_line_is_reported_as_truncated(
    bundle_bytes: bytes,
) -> None:
    report = audit_bundle(bundle_bytes[: len(bundle_bytes) // 2])
    problems = _file_problems(report)
    assert not report.ok
    assert any("is not valid JSON" in p for p in problems)
    assert any("truncated" in p for p in problems)


def test_a_bundle_that_lost_its_last_lines_is_reported_as_truncated(bundle_bytes: bytes) -> None:
    lines = bundle_bytes.splitlines(keepends=True)
    report = audit_bundle(b"".join(lines[:-5]))
    assert any("truncated" in p for p in _file_problems(report))


def test_a_bundle_that_lost_its_last_events_but_kept_its_head_is_caught(
    bundle_bytes: bytes,
) -> None:
    lines = bundle_bytes.splitlines(keepends=True)
    report = audit_bundle(b"".join([*lines[:-4], lines[-1]]))
    assert any("chain head line" in p for p in _file_problems(report))


def test_a_bundle_of_an_unknown_rules_version_is_reported(
    bundle_bytes: bytes, rows: list[Row]
) -> None:
    changed = [dict(row) for row in rows]
    changed[0] = {**changed[0], "data": {**changed[0]["data"], "rules_version": "cardverse-9.0"}}
    rechain(changed)
    content = bundle_with(bundle_bytes, changed, new_head=True)
    lines = content.splitlines(keepends=True)
    header = orjson.loads(lines[0]) | {"rules_version": "cardverse-9.0"}
    report = audit_bundle(orjson.dumps(header) + b"\n" + b"".join(lines[1:]))
    assert not report.ok
    assert any("cardverse-9.0" in p for p in _file_problems(report))
    assert any(p.version == 1 and "unknown rules version" in p.problem for p in report.problems)
    assert report.checked.replayed == 0


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "empty"),
        (b'{"kind": "event"}\n', "does not start with its header"),
        (b'{"kind": "header", "format": "other/2"}\n', "unknown bundle format"),
        (b"[1, 2]\n", "not a JSON object"),
    ],
)
def test_files_that_are_no_bundle_are_reported(content: bytes, says: str) -> None:
    report = audit_bundle(content)
    assert not report.ok and any(says in p for p in _file_problems(report))


def test_an_event_line_with_missing_fields_is_reported_at_its_version(
    bundle_bytes: bytes, rows: list[Row]
) -> None:
    changed = [dict(row) for row in rows]
    del changed[4]["hash"]
    report = audit_bundle(bundle_with(bundle_bytes, changed, new_head=False))
    assert any(p.version == 5 and "not a valid event" in p.problem for p in report.problems)


def test_lines_after_the_head_are_reported(bundle_bytes: bytes) -> None:
    report = audit_bundle(bundle_bytes + b'{"kind": "event"}\n')
    assert any("after the chain head" in p for p in _file_problems(report))


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    report = audit_bundle_file(tmp_path / "nowhere.jsonl")
    assert not report.ok and "cannot read" in report.problems[0].problem


@pytest.mark.parametrize(
    "content", [b"{]", b'{"kind": "header"', b"\xff\xfe\x00garbage", b"", b"null\n"]
)
def test_the_command_reports_a_broken_file_without_a_traceback(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "broken.jsonl"
    path.write_bytes(content)
    for extra in ([], ["--json"]):
        result = CliRunner().invoke(app, ["audit", "--file", str(path), *extra])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output
    assert orjson.loads(result.stdout)["ok"] is False
