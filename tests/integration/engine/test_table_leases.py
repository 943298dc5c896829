"""Table leases on a real Postgres: held between commands, let go when idle, when another
instance asks, or when their connection is lost; remembered rejections stay right."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import asyncpg
import pytest
import pytest_asyncio
from president.contract import Accepted, Rejected, RejectionCode
from president.game.fold import seats_to_act
from president.rules import Applied, Pass, apply_action, legal_actions
from president.store.postgres import PostgresEventStore
from president.store.writer_locks import postgres_lock_sessions

from services.engine.engine import Engine
from services.engine.mechanisms.sessions import PostgresTableSessions
from services.engine.mechanisms.table_leases import TableLeases, lock_key
from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import SECRET, harness
from tests.support.engine import command_for, write_table

pytestmark = pytest.mark.asyncio(loop_scope="session")

_ids = itertools.count()
Ask = Callable[[str], Awaitable[None]]


@dataclass
class Instance:
    engine: Engine
    leases: TableLeases | None


@pytest_asyncio.fixture(loop_scope="session")
async def store(migrated_url: str) -> AsyncIterator[PostgresEventStore]:
    store = await PostgresEventStore.connect(migrated_url, max_size=8)
    yield store
    await store.close()


@pytest_asyncio.fixture(loop_scope="session")
async def instances(migrated_url: str) -> AsyncIterator[Callable[..., Awaitable[Instance]]]:
    """Engine instances of their own (own pools), closed at the end of the test."""
    opened: list[tuple[PostgresEventStore, TableLeases | None]] = []

    async def open_instance(*, idle: float | None = 30.0, ask: Ask | None = None) -> Instance:
        store = await PostgresEventStore.connect(migrated_url, max_size=8)
        leases = None
        if idle is not None:
            leases = TableLeases(
                postgres_lock_sessions(
                    lambda: asyncpg.connect(migrated_url, server_settings=_named("lease"))
                ),
                idle=idle,
            )
        opened.append((store, leases))
        engine = Engine(store, PostgresTableSessions(store, leases, ask), secret=SECRET)
        return Instance(engine, leases)

    yield open_instance
    for store, leases in opened:
        if leases is not None:
            await leases.close()
        await store.close()


def _named(role: str) -> dict[str, str]:
    return {"application_name": f"engine-test-{role}"}


async def _table(store: PostgresEventStore, engine: Engine) -> str:
    table_id = f"lease-{next(_ids)}"
    await write_table(store, table_id, players=4)
    await engine.start_game(table_id)
    return table_id


async def _play_one(engine: Engine, table_id: str, command_id: str) -> Accepted:
    game = await engine.games.load(table_id)
    assert game.state is not None
    action = legal_actions(game.state, seats_to_act(game.state)[0])[0]
    reply = await engine.handle(command_for(table_id, action, command_id))
    assert isinstance(reply, Accepted), reply
    return reply


async def _lock_is_free(url: str, table_id: str) -> bool:
    connection = await asyncpg.connect(url)
    try:
        taken = await connection.fetchval(
            "SELECT pg_try_advisory_lock(hashtextextended($1, 0))", lock_key(table_id)
        )
        return bool(taken)
    finally:
        await connection.close()  # ending the session frees what it took


async def test_a_leased_table_stays_locked_between_commands_until_it_is_idle(
    migrated_url: str, store: PostgresEventStore, instances: Callable[..., Awaitable[Instance]]
) -> None:
    a = await instances(idle=0.4)
    table_id = await _table(store, a.engine)
    await _play_one(a.engine, table_id, "idle-1")
    assert a.leases is not None and a.leases.held(table_id)
    assert not await _lock_is_free(migrated_url, table_id)
    await _play_one(a.engine, table_id, "idle-2")
    async with asyncio.timeout(5):
        while a.leases.held(table_id):  # noqa: ASYNC110 (the sweeper runs on its own)
            await asyncio.sleep(0.05)
    assert await _lock_is_free(migrated_url, table_id)


async def test_an_instance_waiting_for_a_leased_table_gets_it_long_before_the_lease_expires(
    store: PostgresEventStore, instances: Callable[..., Awaitable[Instance]]
) -> None:
    peers: list[Instance] = []

    async def ask(table_id: str) -> None:  # stands in for the NATS subject every engine hears
        for peer in peers:
            if peer.leases is not None:
                peer.leases.asked(table_id)

    a, b = await instances(idle=30.0, ask=ask), await instances(idle=30.0, ask=ask)
    peers += [a, b]
    table_id = await _table(store, a.engine)
    async with asyncio.timeout(10):  # a 30 s lease must not be waited out
        for number in range(6):
            engine = (a, b)[number % 2].engine
            await _play_one(engine, table_id, f"turns-{number}")
    events = await store.read_stream(f"game-{table_id}")
    assert [e.version for e in events] == list(range(1, len(events) + 1))


async def test_a_lost_lease_connection_drops_its_leases_and_commands_still_land(
    store: PostgresEventStore, instances: Callable[..., Awaitable[Instance]]
) -> None:
    a = await instances()
    table_id = await _table(store, a.engine)
    await _play_one(a.engine, table_id, "lost-1")
    assert a.leases is not None and a.leases.held(table_id)
    await store.pool.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        _named("lease")["application_name"],
    )
    async with asyncio.timeout(5):
        while a.leases.held(table_id):  # noqa: ASYNC110 (asyncpg reports the lost session)
            await asyncio.sleep(0.02)
    await _play_one(a.engine, table_id, "lost-2")
    assert a.leases.held(table_id)


async def test_a_rejection_remembered_before_the_lease_is_given_again_under_it(
    store: PostgresEventStore, instances: Callable[..., Awaitable[Instance]]
) -> None:
    plain, leased = await instances(idle=None), await instances()
    table_id = await _table(store, plain.engine)
    game = await plain.engine.games.load(table_id)
    assert game.state is not None
    leader = seats_to_act(game.state)[0]
    lead = legal_actions(game.state, leader)[0]
    after = apply_action(game.state, lead)
    assert isinstance(after, Applied) and after.state.to_act is not None
    next_seat = after.state.to_act
    early = command_for(table_id, Pass(next_seat), "early-pass")
    refused = await plain.engine.handle(early)
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.NOT_YOUR_TURN
    assert isinstance(await plain.engine.handle(command_for(table_id, lead, "lead")), Accepted)
    # Passing is legal for that seat now; its command id was refused once, so it stays refused.
    assert await leased.engine.handle(early) == refused
    assert leased.leases is not None and leased.leases.held(table_id)
    assert await leased.engine.handle(early) == refused


async def test_two_engines_sharing_a_tables_commands_hand_its_lease_over_through_nats(
    migrated_url: str, servers: TestServers
) -> None:
    async with harness(migrated_url, servers) as h:
        for instance in ("engine-1", "engine-2"):
            await h.start_engine(instance, engine_lease_idle=30.0)  # never waited out here
        table_id = f"shared-{next(_ids)}"
        await write_table(h.store, table_id, players=4, rounds=2)
        await h.wait_for_game(table_id)
        assert await h.play(table_id, within=45.0) > 0
        assert await h.last_event_type(table_id) == "GameEnded"
        assert (await h.store.verify_chain(f"game-{table_id}")).ok


async def test_a_finished_game_leaves_the_leases_and_the_cache_at_once(
    migrated_url: str, store: PostgresEventStore, instances: Callable[..., Awaitable[Instance]]
) -> None:
    a = await instances(idle=30.0)
    assert a.leases is not None
    table_id = await _table(store, a.engine)
    for played in itertools.count():
        await _play_one(a.engine, table_id, f"end-{played}")
        if table_id not in a.engine.games:
            break  # over (a game in play stays cached: this test's cache is far from full)

    # A 30 s idle lease, yet the table is free as soon as the game is over.
    assert not a.leases.held(table_id)
    assert await _lock_is_free(migrated_url, table_id)
    assert table_id not in a.engine.games and len(a.leases) == 0
    game = await a.engine.games.load(table_id)  # folded again from the log when asked
    assert game.state is not None and game.state.is_terminal
    assert table_id not in a.engine.games
