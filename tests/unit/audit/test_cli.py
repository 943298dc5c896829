"""`president audit --file`, its options and exit status, and `president bench audit`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from president_tools.cli import app
from typer.testing import CliRunner

from tests.support.tampering import TAMPERS, Row, tampered
from tests.unit.audit.conftest import bundle_with


def _run(*args: str) -> tuple[int, str]:
    # English whatever the machine's locale (the language is the environment's otherwise).
    result = CliRunner().invoke(app, list(args), env={"LC_ALL": "C", "LANG": "C"})
    return result.exit_code, result.stdout


def test_a_clean_bundle_exits_0_with_its_account_and_verdict(bundle_path: Path) -> None:
    code, out = _run("audit", "--file", str(bundle_path))
    assert code == 0, out
    assert "Round 1" in out and "Round 2" in out and "trick 1:" in out
    assert "Verdict: OK" in out


def test_json_prints_one_object_with_ok(bundle_path: Path) -> None:
    code, out = _run("audit", "--file", str(bundle_path), "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] is True and data["problems"] == []


def test_a_tampered_bundle_exits_1_and_names_the_version(
    tmp_path: Path, bundle_bytes: bytes, rows: list[Row]
) -> None:
    changed, version = tampered(rows, TAMPERS[4], forged=True)  # a changed point
    path = tmp_path / "t.jsonl"
    path.write_bytes(bundle_with(bundle_bytes, changed, new_head=True))
    code, out = _run("audit", "--file", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False
    assert {"version": version}.items() <= data["problems"][0].items()
    code, text = _run("audit", "--file", str(path))
    assert code == 1 and f"version {version}:" in text and "Verdict: FAILED" in text


def test_round_limits_the_account_to_one_round(bundle_path: Path) -> None:
    code, out = _run("audit", "--file", str(bundle_path), "--round", "2")
    assert code == 0 and "Round 2" in out and "Round 1 " not in out
    data = json.loads(_run("audit", "--file", str(bundle_path), "--round", "2", "--json")[1])
    assert [r["round"] for r in data["rounds"]] == [2]


def test_html_writes_a_page(bundle_path: Path, tmp_path: Path) -> None:
    page = tmp_path / "audit.html"
    code, _ = _run("audit", "--file", str(bundle_path), "--html", str(page))
    assert code == 0
    assert page.read_text(encoding="utf-8").count('<section id="round-') == 2


def test_a_table_id_or_a_file_is_required() -> None:
    assert _run("audit")[0] == 2


def test_without_a_database_it_starts_nothing_and_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("PRESIDENT_DATABASE_URL", raising=False)
    monkeypatch.setenv("PRESIDENT_DATA_DIR", str(tmp_path))
    result = CliRunner().invoke(app, ["audit", "some-table"])
    assert result.exit_code == 2
    assert "no database" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_bench_audit_prints_events_per_second() -> None:
    code, out = _run("bench", "audit", "--json", "--repeat", "2", "--rounds", "2")
    figures = json.loads(out)
    assert code == 0 and figures["events_per_s"] > 0 and figures["rounds"] == 2
