"""The engine's periodic looks: each engine's sweep reacts to the quiet tables of its own
partitions (at once to those of partitions it just gained), and a failing look is tried
again."""

from __future__ import annotations

import asyncio

import pytest
from president.clock import FakeClock
from president.contract.subjects import partition_of
from president.store.memory import InMemoryEventStore

from services.engine.periodic import every
from services.engine.sweep import UnreactedSweep
from tests.support.engine import write_table
from tests.support.waiting import eventually

pytestmark = pytest.mark.unit


async def _sweep(
    clock: FakeClock, tables: tuple[str, ...], owned: set[str], started: list[str]
) -> UnreactedSweep:
    """A sweep over ``tables`` (start requests, no game yet) that owns ``owned`` (as it
    changes), their partitions gained as at an engine's start, and notes the tables it
    ``started``."""
    store = InMemoryEventStore(clock=clock.now)
    for table_id in tables:
        await write_table(store, table_id)

    async def react(table_id: str, since: int | None, version: int) -> None:
        raise AssertionError("no game yet")

    async def start(table_id: str, event_id: str) -> None:
        started.append(table_id)

    sweep = UnreactedSweep(store, clock, react, start, owns=owned.__contains__, grace=10)
    sweep.gained({partition_of(table_id) for table_id in owned})
    return sweep


async def test_the_sweep_reacts_once_to_each_quiet_table_of_its_own_partitions() -> None:
    clock, owned, started = FakeClock(), {"mine"}, []
    sweep = await _sweep(clock, ("mine", "theirs"), owned, started)
    assert await sweep.sweep() == 1  # the first look: every table of its own, however recent
    assert started == ["mine"]
    owned.add("theirs")  # its partition came to this engine
    assert await sweep.sweep() == 0  # still within the grace
    await clock.advance(11)
    assert await sweep.sweep() == 1 and started == ["mine", "theirs"]
    assert await sweep.sweep() == 0  # once per version


async def test_the_tables_of_gained_partitions_are_reacted_to_at_once() -> None:
    """An owner killed between a commit and its reaction leaves its tables waiting: the
    engine that gains their partitions reacts to them in its next pass, which comes at
    once, without waiting for the grace."""
    clock, owned, started = FakeClock(), {"mine"}, []
    sweep = await _sweep(clock, ("mine", "gained", "other"), owned, started)
    assert await sweep.sweep() == 1 and started == ["mine"]  # the first pass
    owned.add("gained")  # its partition came to this engine (a dead owner's)
    sweep.gained({partition_of("gained")})
    assert sweep.wake.is_set()  # the loop looks again now, not after its period
    assert await sweep.sweep() == 1 and started == ["mine", "gained"]  # within the grace
    owned.add("other")
    assert await sweep.sweep() == 0  # gained once: the grace again for the rest


async def test_a_wake_brings_the_next_look_forward() -> None:
    stop, wake = asyncio.Event(), asyncio.Event()
    looks: list[int] = []

    async def look() -> None:
        looks.append(1)

    running = asyncio.create_task(every(3600, look, stop, name="woken", wake=wake))
    await eventually(lambda: len(looks) == 1, 10, "the first look")
    wake.set()
    await eventually(lambda: len(looks) == 2, 10, "a look at once")
    stop.set()
    await asyncio.wait_for(running, 10)


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
