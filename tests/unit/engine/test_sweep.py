"""The engine's periodic looks: each engine's sweep reacts to the quiet tables of its own
partitions, and a failing look is tried again."""

from __future__ import annotations

import asyncio

import pytest
from president.clock import FakeClock
from president.store.memory import InMemoryEventStore

from services.engine.periodic import every
from services.engine.sweep import UnreactedSweep
from tests.support.engine import write_table
from tests.support.waiting import eventually

pytestmark = pytest.mark.unit


async def test_the_sweep_reacts_once_to_each_quiet_table_of_its_own_partitions() -> None:
    clock = FakeClock()
    store = InMemoryEventStore(clock=clock.now)
    for table_id in ("mine", "theirs"):
        await write_table(store, table_id)
    owned = {"mine"}
    started: list[str] = []

    async def react(table_id: str, since: int | None, version: int) -> None:
        raise AssertionError("no game yet")

    async def start(table_id: str, event_id: str) -> None:
        started.append(table_id)

    sweep = UnreactedSweep(store, clock, react, start, owns=owned.__contains__, grace=10)
    assert await sweep.sweep() == 1  # the first look: every table of its own, however recent
    assert started == ["mine"]
    owned.add("theirs")  # its partition came to this engine
    assert await sweep.sweep() == 0  # still within the grace
    await clock.advance(11)
    assert await sweep.sweep() == 1 and started == ["mine", "theirs"]
    assert await sweep.sweep() == 0  # once per version


async def test_a_failing_look_is_tried_again() -> None:
    stop = asyncio.Event()
    failures: list[int] = []

    async def failing() -> None:
        failures.append(1)
        raise RuntimeError("the log is away")

    running = asyncio.create_task(every(0.02, failing, stop, name="failing"))
    await eventually(lambda: len(failures) >= 3, 10, "three looks")
    stop.set()
    await running
