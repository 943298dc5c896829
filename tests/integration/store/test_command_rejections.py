"""The rejection memory, the same tests on Postgres (as the app role) and in memory: a
remembered refusal comes back, and one command id is decided by one holder at a time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest
from president.store.migrate import app_role_url
from president.store.rejections import InMemoryRejections, PostgresRejections, RejectionMemory

REFUSAL = {"type": "Rejected", "command_id": "c1", "code": "NOT_ENOUGH_PLAYERS", "detail": ""}


@pytest.fixture(params=["postgres", "memory"])
async def memory(
    request: pytest.FixtureRequest, migrated_url: str
) -> AsyncIterator[RejectionMemory]:
    if request.param == "memory":
        yield InMemoryRejections()
        return
    pool = await asyncpg.create_pool(app_role_url(migrated_url), min_size=1, max_size=4)
    try:
        yield PostgresRejections(pool)
    finally:
        await pool.close()


async def test_a_remembered_refusal_comes_back_for_its_stream_and_command_only(
    memory: RejectionMemory, unique_prefix: str
) -> None:
    stream = f"table-{unique_prefix}"
    async with memory.deciding(stream, "c1") as first:
        assert first.rejection is None
        await first.remember(REFUSAL)
    async with memory.deciding(stream, "c1") as again:
        assert again.rejection == REFUSAL
        await again.remember({**REFUSAL, "code": "TABLE_FULL"})  # the first one stands
    async with memory.deciding(stream, "c1") as third:
        assert third.rejection == REFUSAL
    async with memory.deciding(stream, "c2") as other, memory.deciding("x", "c1") as elsewhere:
        assert other.rejection is None and elsewhere.rejection is None
    assert await memory.recall(stream, "c1") == REFUSAL  # read without holding it
    assert await memory.recall(stream, "c2") is None and await memory.recall("x", "c1") is None


async def test_a_second_copy_waits_for_the_first_decision_and_sees_its_refusal(
    memory: RejectionMemory, unique_prefix: str
) -> None:
    stream = f"table-{unique_prefix}"
    held = asyncio.Event()
    release = asyncio.Event()

    async def first() -> None:
        async with memory.deciding(stream, "c1") as deciding:
            held.set()
            await release.wait()
            await deciding.remember(REFUSAL)

    async def second() -> dict[str, object] | None:
        async with memory.deciding(stream, "c1") as deciding:
            return deciding.rejection

    holder = asyncio.create_task(first())
    await held.wait()
    waiter = asyncio.create_task(second())
    async with memory.deciding(stream, "another-command") as other:  # not held up
        assert other.rejection is None
    await asyncio.sleep(0.1)
    assert not waiter.done()
    release.set()
    await holder
    assert await asyncio.wait_for(waiter, 5) == REFUSAL
