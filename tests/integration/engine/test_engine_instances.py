"""Several engine instances, and an engine restarted mid-game."""

from __future__ import annotations

import asyncio
import itertools

import pytest
from president.contract import Accepted, Rejected, stream_id_of_game
from president.game import GAME_SERVICE_EVENT_TYPES
from president.game.fold import seats_to_act
from president.rules import Options, event_from_dict, legal_actions, replay
from president.store.postgres import PostgresEventStore

from services.engine.use_cases import GameService
from tests.integration.engine.harness import SECRET, Harness
from tests.support.engine import command_for, write_table

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _replays(h: Harness, table_id: str, options: Options) -> None:
    events = await h.store.read_stream(stream_id_of_game(table_id))
    assert (await h.store.verify_chain(stream_id_of_game(table_id))).ok
    rules = [
        event_from_dict(e.type, e.data) for e in events if e.type not in GAME_SERVICE_EVENT_TYPES
    ]
    assert replay(options, rules).is_terminal


async def _instance(database_url: str) -> tuple[GameService, PostgresEventStore]:
    store = await PostgresEventStore.connect(database_url, max_size=8)
    return GameService(store, secret=SECRET), store


async def test_two_engines_racing_on_one_table_never_fork_its_stream(fresh: Harness) -> None:
    table_id = "race-1"
    await write_table(fresh.store, table_id, players=4, rounds=1)
    await fresh.start_engine()
    await fresh.wait_for_game(table_id)
    (a, store_a), (b, store_b) = (
        await _instance(fresh.database_url),
        await _instance(fresh.database_url),
    )
    ids = itertools.count()
    try:
        while True:
            game = await a.games.load(table_id)
            assert game.state is not None
            if game.state.is_terminal:
                break
            version_before = game.version  # the cached fold moves on as commands apply
            seat = seats_to_act(game.state)[0]
            actions = legal_actions(game.state, seat)[:3]
            commands = [
                command_for(table_id, action, f"race-{next(ids)}")
                for action in actions
                for _ in range(2)
            ]
            replies = await asyncio.gather(
                *((a if index % 2 else b).handle(command) for index, command in enumerate(commands))
            )
            accepted = sorted(
                (r for r in replies if isinstance(r, Accepted)), key=lambda r: r.first_version
            )
            assert accepted, replies
            assert all(isinstance(r, Rejected) for r in replies if r not in accepted)
            # More than one may be accepted (a play that ends the trick gives the seat the
            # next lead), but the appends are serialised: each starts where the last ended.
            expected = version_before + 1
            for reply in accepted:
                assert reply.first_version == expected, replies
                expected = reply.last_version + 1
            assert await fresh.store.stream_version(stream_id_of_game(table_id)) == expected - 1
    finally:
        await store_a.close()
        await store_b.close()
    await _replays(fresh, table_id, Options(players=4, rounds=1))


async def test_an_engine_restarted_mid_game_resumes_from_the_log(fresh: Harness) -> None:
    table_id = "restart-1"
    first = await fresh.start_engine("engine-1")
    await write_table(fresh.store, table_id, players=3, rounds=2)
    await fresh.wait_for_game(table_id)
    before = await fresh.play(table_id, max_actions=25)
    await fresh.stop_engine(first)
    version = await fresh.game_version(table_id)
    await fresh.start_engine("engine-2")
    after = await fresh.play(table_id)
    assert before == 25 and after > 0
    events = await fresh.store.read_stream(stream_id_of_game(table_id))
    assert events[-1].type == "GameEnded" and len(events) > version
    decisions = [e for e in events if e.type in ("CardsPlayed", "Passed", "CardsReturned")]
    assert len(decisions) == before + after
    await _replays(fresh, table_id, Options(players=3, rounds=2))
