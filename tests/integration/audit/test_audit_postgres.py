"""A game written to a real Postgres audits clean, from the database and from its bundle."""

from __future__ import annotations

from pathlib import Path

from president.audit import audit_bundle_file, audit_table, export_bundle
from president.rules import Options
from president.store.postgres import PostgresEventStore

from tests.integration.audit.conftest import write_sample


async def test_a_game_in_postgres_audits_clean(store: PostgresEventStore) -> None:
    table_id = await write_sample(store)
    report = await audit_table(store, table_id)
    assert report.ok, report.problems
    assert report.stream_id == f"game-{table_id}"
    assert [r.number for r in report.account.rounds] == [1, 2]


async def test_its_exported_bundle_audits_clean_with_no_database(
    store: PostgresEventStore, tmp_path: Path
) -> None:
    table_id = await write_sample(store)
    path = tmp_path / "bundle.jsonl"
    written = await export_bundle(store, table_id, path)
    from_db = await audit_table(store, table_id)
    from_file = audit_bundle_file(path)
    assert from_file.ok, from_file.problems
    assert written == from_file.checked.events == from_db.checked.events
    assert from_file.checked.chain_head == from_db.checked.chain_head
    assert from_file.to_dict() == from_db.to_dict()


async def test_a_missing_table_is_a_problem_not_a_clean_audit(store: PostgresEventStore) -> None:
    report = await audit_table(store, "no-such-table")
    assert not report.ok and "holds no events" in report.problems[0].problem


async def test_a_six_player_ten_round_series_audits_from_postgres(
    store: PostgresEventStore,
) -> None:
    # how fast: president bench audit (the same series), not the suite's loaded machine
    table_id = await write_sample(store, Options(players=6, rounds=10), seed=3)
    report = await audit_table(store, table_id)
    assert report.ok and len(report.account.rounds) == 10
