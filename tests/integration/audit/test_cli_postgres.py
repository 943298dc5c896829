"""`president audit TABLE_ID` and `president export` against a real Postgres."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from president.store.migrate import auditor_role_url
from president.store.postgres import PostgresEventStore
from president_tools.cli import app
from typer.testing import CliRunner

from tests.integration.audit.conftest import rewrite_as_superuser, write_sample
from tests.support.tampering import TAMPERS, rows_of, tampered


@pytest.fixture(scope="module")
async def tables(audit_db: str) -> dict[str, str]:
    """A clean game and a game whose round 1 points were changed in the database."""
    async with await PostgresEventStore.connect(audit_db, max_size=2) as store:
        clean, changed = await write_sample(store), await write_sample(store)
        rows, version = tampered(
            rows_of(await store.read_stream(f"game-{changed}")), TAMPERS[4], forged=False
        )
        await rewrite_as_superuser(store, f"game-{changed}", rows)
    return {"clean": clean, "changed": changed, "version": str(version)}


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, audit_db: str) -> CliRunner:
    monkeypatch.setenv("PRESIDENT_DATABASE_URL", audit_db)
    return CliRunner()


def test_audit_of_a_clean_table_exits_0(cli: CliRunner, tables: dict[str, str]) -> None:
    result = cli.invoke(app, ["audit", tables["clean"]])
    assert result.exit_code == 0, result.output
    assert "Verdict: OK" in result.stdout


def test_the_auditor_role_audits_with_select_alone(
    monkeypatch: pytest.MonkeyPatch, audit_db: str, tables: dict[str, str]
) -> None:
    monkeypatch.setenv("PRESIDENT_DATABASE_URL", auditor_role_url(audit_db))
    result = CliRunner().invoke(app, ["audit", tables["clean"]])
    assert result.exit_code == 0, result.output
    assert "Verdict: OK" in result.stdout


def test_audit_of_a_tampered_table_exits_1_with_located_problems(
    cli: CliRunner, tables: dict[str, str]
) -> None:
    result = cli.invoke(app, ["audit", tables["changed"], "--json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and report["ok"] is False
    assert {p["version"] for p in report["problems"]} == {int(tables["version"])}


def test_export_then_audit_the_file(cli: CliRunner, tables: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    exported = cli.invoke(app, ["export", tables["clean"], "--out", str(path)])
    assert exported.exit_code == 0, exported.output
    to_stdout = cli.invoke(app, ["export", tables["clean"]])
    assert to_stdout.stdout_bytes == path.read_bytes()
    audited = CliRunner().invoke(app, ["audit", "--file", str(path), "--json"])
    assert audited.exit_code == 0 and json.loads(audited.stdout)["ok"] is True


def test_export_of_an_unknown_table_fails_clearly(cli: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "none.jsonl"
    result = cli.invoke(app, ["export", "no-such-table", "--out", str(path)])
    assert result.exit_code == 1 and "no game stream" in result.stderr
    assert not path.exists()


def test_an_unreachable_database_fails_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRESIDENT_DATABASE_URL", "postgresql://nobody@127.0.0.1:1/none")
    result = CliRunner().invoke(app, ["audit", "some-table"])
    assert result.exit_code == 2 and "cannot reach the database" in result.stderr
