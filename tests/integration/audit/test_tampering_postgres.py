"""Tampering done in Postgres by a superuser who bypasses the append-only trigger is found
and located at the stream version it touched."""

from __future__ import annotations

import pytest
from president.audit import audit_table
from president.store.postgres import PostgresEventStore

from tests.integration.audit.conftest import rewrite_as_superuser, write_sample
from tests.support.tampering import TAMPERS, Tamper, rows_of, tampered

_FAIRNESS = [t for t in TAMPERS if "seed" in t.name]


async def _tamper(store: PostgresEventStore, tamper: Tamper, *, forged: bool) -> tuple[str, int]:
    table_id = await write_sample(store)
    stream_id = f"game-{table_id}"
    rows, version = tampered(rows_of(await store.read_stream(stream_id)), tamper, forged=forged)
    await rewrite_as_superuser(store, stream_id, rows)
    return table_id, version


@pytest.mark.parametrize("tamper", TAMPERS, ids=lambda t: t.name)
async def test_a_raw_edit_in_the_database_is_found_where_it_was_made(
    store: PostgresEventStore, tamper: Tamper
) -> None:
    table_id, version = await _tamper(store, tamper, forged=False)
    report = await audit_table(store, table_id)
    assert not report.ok
    chain = [p.version for p in report.problems if p.problem.startswith("hash chain")]
    assert chain and min(v or 0 for v in chain) in (version, version + 1)
    at_version = [p.problem for p in report.problems if p.version == version]
    assert any(tamper.says in problem for problem in at_version), report.problems


@pytest.mark.parametrize("tamper", _FAIRNESS, ids=lambda t: t.name)
async def test_a_rehashed_forgery_of_a_deal_is_still_found(
    store: PostgresEventStore, tamper: Tamper
) -> None:
    table_id, version = await _tamper(store, tamper, forged=True)
    report = await audit_table(store, table_id)
    assert not any(p.problem.startswith("hash chain") for p in report.problems)
    assert report.problems[0].version == version
    assert tamper.says in report.problems[0].problem
