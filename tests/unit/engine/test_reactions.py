"""The reactions to an engine's own commits: handed over without waiting (a queue's
``put_nowait``), a table's one at a time in commit order (those queued meanwhile as one), a
failure left to the sweep, and what is queued finished or cancelled when the engine stops."""

from __future__ import annotations

import asyncio

import pytest

from services.engine.reactor import Reactions
from tests.support.waiting import eventually

pytestmark = pytest.mark.unit


async def test_a_tables_reactions_run_one_at_a_time_in_commit_order() -> None:
    ran: list[tuple[str, int, int]] = []
    running: set[str] = set()
    release = asyncio.Event()

    async def react(table_id: str, first: int, last: int) -> None:
        assert table_id not in running  # never two at once for one table
        running.add(table_id)
        try:
            if (table_id, first) == ("t1", 1):
                await release.wait()  # the first one is slow
            ran.append((table_id, first, last))
        finally:
            running.discard(table_id)

    reactions = Reactions(react)
    reactions.queue.put_nowait(("t1", 1, 3))  # returns at once: the reply is not kept waiting
    reactions.queue.put_nowait(("t2", 1, 3))
    await eventually(lambda: ("t2", 1, 3) in ran, 10, "another table's reaction")
    reactions.queue.put_nowait(("t1", 4, 4))  # queued behind the slow one, and those after it
    reactions.queue.put_nowait(("t1", 5, 6))
    assert ran == [("t2", 1, 3)]
    release.set()
    await eventually(lambda: len(ran) == 3, 10, "t1's reactions")
    assert ran[1:] == [("t1", 1, 3), ("t1", 4, 6)]  # in commit order, the queued as one
    await reactions.stop(1)


async def test_a_failed_reaction_is_logged_and_the_next_one_covers_its_versions(
    caplog: pytest.LogCaptureFixture,
) -> None:
    ran: list[tuple[int, int]] = []
    failing, release = asyncio.Event(), asyncio.Event()

    async def react(table_id: str, first: int, last: int) -> None:
        if not ran and not failing.is_set():
            failing.set()
            await release.wait()
            raise ConnectionError("NATS is away")
        ran.append((first, last))

    reactions = Reactions(react)
    reactions.queue.put_nowait(("t1", 1, 2))
    await asyncio.wait_for(failing.wait(), 10)  # the first one is running
    reactions.queue.put_nowait(("t1", 3, 3))  # queued while it fails
    release.set()
    await eventually(lambda: bool(ran), 10, "the next reaction")
    assert ran == [(1, 3)]  # the failed versions prompted with it
    assert "left to the sweep" in caplog.text
    await reactions.stop(1)


async def test_a_stop_finishes_the_reactions_queued_within_its_grace_and_cancels_the_rest() -> None:
    finished: list[str] = []

    async def react(table_id: str, first: int, last: int) -> None:
        if table_id != "quick":
            await asyncio.Event().wait()  # never set: stuck until the stop cancels it
        finished.append(table_id)

    reactions = Reactions(react)
    reactions.queue.put_nowait(("quick", 1, 1))
    reactions.queue.put_nowait(("stuck", 1, 1))
    await reactions.stop(0.5)
    assert finished == ["quick"]
    assert not reactions._tasks  # the stuck one cancelled
    assert reactions._taking.done()  # nothing takes from the queue any more
    reactions.queue.put_nowait(("late", 1, 1))  # after the stop: left to the next owner's sweep
    assert not reactions._tasks and reactions.queue.qsize() == 1


async def test_beyond_its_limit_a_reaction_is_left_to_the_sweep() -> None:
    release = asyncio.Event()

    async def react(table_id: str, first: int, last: int) -> None:
        await release.wait()

    reactions = Reactions(react, limit=2)
    for table_id in ("t1", "t2", "t3"):
        reactions.queue.put_nowait((table_id, 1, 1))
    reactions.queue.put_nowait(("t1", 2, 2))  # a table already reacting still queues
    await eventually(reactions.queue.empty, 10, "the commits taken by the reactions' task")
    assert sorted(reactions._tasks) == ["t1", "t2"]
    release.set()
    await reactions.stop(5)
