"""A game played through the real engine service audits clean, from Postgres and its bundle."""

from __future__ import annotations

import uuid
from pathlib import Path

from president.audit import audit_bundle_file, audit_table, export_bundle

from tests.integration.engine.harness import harness
from tests.unit.engine.helpers import write_table


async def test_a_game_the_engine_wrote_audits_clean(
    audit_db: str, nats_url: str, tmp_path: Path
) -> None:
    table_id = f"eng-{uuid.uuid4().hex[:8]}"
    async with harness(audit_db, nats_url) as h:
        await h.start_engine()
        await write_table(h.store, table_id, players=4, rounds=2)
        await h.wait_for_game(table_id)
        await h.play(table_id)
        report = await audit_table(h.store, table_id)
        path = tmp_path / "engine-game.jsonl"
        await export_bundle(h.store, table_id, path)
    assert report.ok, report.problems
    assert [r.number for r in report.account.rounds] == [1, 2]
    assert all(r.deal and r.deal.revealed and r.deal.deal_ok for r in report.account.rounds)
    assert report.account.final_scores is not None
    from_file = audit_bundle_file(path)
    assert from_file.ok and from_file.to_dict() == report.to_dict()
