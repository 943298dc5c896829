"""A game played through the real engine service audits clean, from Postgres and its bundle,
and folds to the same game through ``president.game`` as through the audit."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

from president.audit import audit_bundle_file, audit_events, audit_table, export_bundle
from president.contract import stream_id_of_game
from president.game import Game

from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import Harness, harness
from tests.support.engine import write_table


@contextlib.asynccontextmanager
async def _played(audit_db: str, servers: TestServers) -> AsyncIterator[tuple[Harness, str]]:
    """A 4-player, 2-round game played through a running engine and relay."""
    table_id = f"eng-{uuid.uuid4().hex[:8]}"
    async with harness(audit_db, servers) as h:
        await h.start_engine()
        await write_table(h.store, table_id, players=4, rounds=2)
        await h.wait_for_game(table_id)
        await h.play(table_id)
        yield h, table_id


async def test_a_game_the_engine_wrote_audits_clean(
    audit_db: str, servers: TestServers, tmp_path: Path
) -> None:
    async with _played(audit_db, servers) as (h, table_id):
        report = await audit_table(h.store, table_id)
        path = tmp_path / "engine-game.jsonl"
        await export_bundle(h.store, table_id, path)
    assert report.ok, report.problems
    assert [r.number for r in report.account.rounds] == [1, 2]
    assert all(r.deal and r.deal.revealed and r.deal.deal_ok for r in report.account.rounds)
    assert report.account.final_scores is not None
    from_file = audit_bundle_file(path)
    assert from_file.ok and from_file.to_dict() == report.to_dict()


async def test_a_game_the_engine_wrote_folds_alike_through_president_game_and_the_audit(
    audit_db: str, servers: TestServers
) -> None:
    async with _played(audit_db, servers) as (h, table_id):
        events = await h.store.read_stream(stream_id_of_game(table_id))
    game = Game(table_id)
    game.apply(events)
    report = audit_events(events)
    account = report.account

    assert report.ok, report.problems
    assert game.created is not None and game.state is not None and game.state.is_terminal
    assert report.checked.events == game.version == len(events)
    assert account.options == game.state.options.to_dict()
    assert account.seats == [seat.model_dump(mode="json") for seat in game.created.seats]
    assert [(r.number, r.finish_order, r.points, r.titles) for r in account.rounds] == [
        (r.round, r.finish_order, r.points, r.titles) for r in game.state.results
    ]
    assert {r.number: r.deal.seed for r in account.rounds if r.deal} == game.seeds
    assert account.final_scores == game.state.scores
