"""The engines' periodic looks: one engine at a time acts on the reaction sweep's finds."""

from __future__ import annotations

import asyncio

import pytest
from president.store.memory import InMemoryEventStore

from services.engine.periodic import Leadership, every
from tests.support.waiting import eventually

pytestmark = pytest.mark.unit


async def _looks(leader: Leadership, stop: asyncio.Event, seconds: float, calls: list[int]) -> None:
    async def look() -> None:
        calls.append(1)

    await every(seconds, look, stop, name="test", leader=leader)


async def test_one_engine_leads_until_its_lease_runs_out() -> None:
    store = InMemoryEventStore()
    first = Leadership(store, "sweep:p", "engine-1", seconds=0.3)
    second = Leadership(store, "sweep:p", "engine-2", seconds=0.3)
    assert await first.held() and not await second.held()
    assert await first.held() and first.leading  # renewed by its next look
    await asyncio.sleep(0.4)  # the first stopped looking: its lease ran out
    assert await second.held() and not await first.held()


async def test_only_the_leader_looks_and_a_failing_look_is_tried_again() -> None:
    store = InMemoryEventStore()
    stop = asyncio.Event()
    leader = Leadership(store, "sweep:p", "engine-1", seconds=10)
    other = Leadership(store, "sweep:p", "engine-2", seconds=10)
    failures: list[int] = []
    led: list[int] = []
    followed: list[int] = []

    async def failing() -> None:
        failures.append(1)
        raise RuntimeError("the log is away")

    running = [
        asyncio.create_task(_looks(leader, stop, 0.02, led)),
        asyncio.create_task(_looks(other, stop, 0.02, followed)),
        asyncio.create_task(every(0.02, failing, stop, name="failing")),
    ]
    await eventually(lambda: len(led) >= 3 and len(failures) >= 3, 10, "three looks of each")
    stop.set()
    await asyncio.gather(*running)
    assert followed == []
