"""Group commit on a real Postgres: concurrent appends share commits, each gets its own
outcome, and a refused append refuses nothing else."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator

import asyncpg
import pytest
import pytest_asyncio
from president.store import AppendResult, ConcurrencyConflict, DuplicateEventId, NewEvent
from president.store.postgres import PostgresEventStore

from services.engine.group_commit import GroupCommit
from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import harness
from tests.support.engine import write_table

pytestmark = pytest.mark.asyncio(loop_scope="session")

_ids = itertools.count()


@pytest_asyncio.fixture(loop_scope="session")
async def store(migrated_url: str) -> AsyncIterator[PostgresEventStore]:
    store = await PostgresEventStore.connect(migrated_url, max_size=8)
    yield store
    await store.close()


def _events(count: int = 2) -> list[NewEvent]:
    return [NewEvent("Noted", {"n": n}) for n in range(count)]


def _stream() -> str:
    return f"group-{next(_ids)}"


async def _shared_a_commit(store: PostgresEventStore, streams: list[str]) -> bool:
    """Whether appends to some of ``streams`` were committed together (one transaction)."""
    commits = [(await store.read_stream(s))[0].tx_id for s in streams]
    return len(set(commits)) < len(commits)


async def test_concurrent_appends_share_commits_and_each_gets_its_own_result(
    store: PostgresEventStore,
) -> None:
    group = GroupCommit(store)
    streams = [_stream() for _ in range(40)]
    results = await asyncio.gather(
        *(group.append(s, _events(), expected_version=0, command_id=f"c-{s}") for s in streams)
    )
    assert await _shared_a_commit(store, streams)  # all but the first waited together
    for stream_id, result in zip(streams, results, strict=True):
        assert (result.stream_id, result.first_version, result.last_version) == (stream_id, 1, 2)
        events = await store.read_stream(stream_id)
        assert [e.position for e in events] == list(result.positions)


async def test_a_stale_expected_version_refuses_only_its_own_append(
    store: PostgresEventStore,
) -> None:
    group = GroupCommit(store)
    stale, fine = _stream(), [_stream() for _ in range(5)]
    await store.append(stale, _events(1), expected_version=0)
    outcomes = await asyncio.gather(
        group.append(fine[0], _events(), expected_version=0),
        group.append(stale, _events(), expected_version=0),
        *(group.append(s, _events(), expected_version=0) for s in fine[1:]),
        return_exceptions=True,
    )
    assert isinstance(outcomes[1], ConcurrencyConflict)
    assert all(isinstance(o, AppendResult) for i, o in enumerate(outcomes) if i != 1)
    assert await store.stream_version(stale) == 1
    assert [await store.stream_version(s) for s in fine] == [2] * len(fine)


async def test_a_command_id_already_recorded_gets_its_first_result_inside_a_batch(
    store: PostgresEventStore,
) -> None:
    group = GroupCommit(store)
    first_stream, others = _stream(), [_stream() for _ in range(4)]
    first = await store.append(first_stream, _events(), expected_version=0, command_id="once")
    outcomes = await asyncio.gather(
        *(group.append(s, _events(), expected_version=0) for s in others),
        group.append(first_stream, _events(), expected_version=None, command_id="once"),
    )
    again = outcomes[-1]
    assert again.duplicate and again.positions == first.positions
    assert await store.stream_version(first_stream) == 2


async def test_an_engine_committing_in_groups_plays_whole_games(
    migrated_url: str, servers: TestServers
) -> None:
    async with harness(migrated_url, servers) as h:
        await h.start_engine(engine_group_commit=True)
        tables = [f"grouped-{next(_ids)}" for _ in range(3)]
        for table_id in tables:
            await write_table(h.store, table_id, players=4)
        for table_id in tables:
            await h.wait_for_game(table_id)
        played = await asyncio.gather(*(h.play(table_id) for table_id in tables))
        assert all(played)
        for table_id in tables:
            assert await h.last_event_type(table_id) == "GameEnded"
            assert (await h.store.verify_chain(f"game-{table_id}")).ok


async def test_a_version_taken_behind_the_cache_refuses_only_its_own_append(
    store: PostgresEventStore, migrated_url: str
) -> None:
    """The unique violation aborts the batch's savepoint-free transaction: the batch is
    retried with savepoints, and only that append is refused."""
    group = GroupCommit(store)
    taken, moved, fine = _stream(), _stream(), [_stream() for _ in range(4)]
    await store.append(taken, _events(1), expected_version=0)  # heads cached at version 1
    await store.append(moved, _events(1), expected_version=0)
    async with await PostgresEventStore.connect(migrated_url, max_size=1) as other:
        await other.append(taken, _events(1), expected_version=1)
        await other.append(moved, _events(1), expected_version=1)
    outcomes = await asyncio.gather(
        group.append(fine[0], _events(), expected_version=0),
        group.append(taken, _events(), expected_version=1),
        group.append(moved, _events(), expected_version=None),
        *(group.append(s, _events(), expected_version=0) for s in fine[1:]),
        return_exceptions=True,
    )
    assert await _shared_a_commit(store, fine)  # all but the first waited together
    assert isinstance(outcomes[1], ConcurrencyConflict)
    assert all(isinstance(o, AppendResult) for i, o in enumerate(outcomes) if i != 1)
    assert await store.stream_version(taken) == 2
    assert await store.stream_version(moved) == 4
    assert [await store.stream_version(s) for s in fine] == [2] * len(fine)
    assert (await store.verify_chain(moved)).ok


async def test_a_duplicate_event_id_refuses_only_its_own_append(
    store: PostgresEventStore,
) -> None:
    group = GroupCommit(store)
    first, again, fine = _stream(), _stream(), [_stream() for _ in range(4)]
    [event] = _events(1)
    await store.append(first, [event], expected_version=0)
    outcomes = await asyncio.gather(
        group.append(fine[0], _events(), expected_version=0),
        group.append(again, [event], expected_version=0),
        *(group.append(s, _events(), expected_version=0) for s in fine[1:]),
        return_exceptions=True,
    )
    assert await _shared_a_commit(store, fine)  # all but the first waited together
    assert isinstance(outcomes[1], DuplicateEventId)
    assert all(isinstance(o, AppendResult) for i, o in enumerate(outcomes) if i != 1)
    assert await store.stream_version(again) == 0
    assert [await store.stream_version(s) for s in fine] == [2] * len(fine)


async def test_appends_whose_heads_are_not_cached_are_appended_alone_after_the_batch(
    store: PostgresEventStore, migrated_url: str
) -> None:
    """The batch writes after cached heads only: the others (streams this store
    never wrote) are appended alone, each with its own outcome."""
    written_elsewhere, fine = [_stream() for _ in range(3)], [_stream() for _ in range(3)]
    async with await PostgresEventStore.connect(migrated_url, max_size=1) as other:
        for stream_id in written_elsewhere:
            await other.append(stream_id, _events(1), expected_version=0)
    group = GroupCommit(store)
    outcomes = await asyncio.gather(
        group.append(fine[0], _events(), expected_version=0),
        *(group.append(s, _events(), expected_version=1) for s in written_elsewhere),
        *(group.append(s, _events(), expected_version=0) for s in fine[1:]),
        return_exceptions=True,
    )
    batch = {(await store.read_stream(s))[0].tx_id for s in fine[1:]}
    assert len(batch) == 1  # one commit (the first may go before them)
    alone = {(await store.read_stream(s))[1].tx_id for s in written_elsewhere}
    assert not alone & batch  # each after the batch, in a commit of its own
    assert [(o.first_version, o.last_version) for o in outcomes[1:4]] == [(2, 3)] * 3  # type: ignore[union-attr]
    assert all(isinstance(o, AppendResult) for o in outcomes)
    assert [await store.stream_version(s) for s in written_elsewhere + fine] == [3] * 3 + [2] * 3
    for stream_id in written_elsewhere:
        assert (await store.verify_chain(stream_id)).ok


async def test_a_batch_meeting_a_unique_violation_writes_none_of_its_appends(
    store: PostgresEventStore, migrated_url: str
) -> None:
    """``append_batch`` sends its statements with no BEGIN of its own: asyncpg runs them as
    one implicit transaction, so the appends before the violation are not written either."""
    before, taken, after = _stream(), _stream(), _stream()
    await store.append(taken, _events(1), expected_version=0)  # head cached at version 1
    async with await PostgresEventStore.connect(migrated_url, max_size=1) as other:
        await other.append(taken, _events(1), expected_version=1)
    with pytest.raises(asyncpg.UniqueViolationError):
        await store.append_batch(
            [
                (before, _events(), 0, f"c-{before}", ""),
                (taken, _events(), 1, f"c-{taken}", ""),
                (after, _events(), 0, f"c-{after}", ""),
            ]
        )
    assert [await store.stream_version(s) for s in (before, taken, after)] == [0, 2, 0]
    written = await store.append_batch(
        [(before, _events(), 0, f"c-{before}", ""), (after, _events(), 0, f"c-{after}", "")]
    )
    assert [(r.first_version, r.last_version) for r in written if r] == [(1, 2), (1, 2)]
    assert [e.position for e in await store.read_stream(after)] == list(written[1].positions)
