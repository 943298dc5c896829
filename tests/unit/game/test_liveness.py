"""Stalled games (issue 22): a due seat and no event past its deadline plus the grace, or
past a setting without a clock; the pure limit, and the watch that sets the gauges."""

from __future__ import annotations

from datetime import timedelta

import pytest
from president.clock import FakeClock
from president.contract import TableOptions
from president.game import Game
from president.game.liveness import stall_limit, stall_of
from president.rules import Options
from president.runtime.liveness import StallWatch
from president.store.memory import InMemoryEventStore
from president_tools.sample import play_sample_game, recorded_game, write_game
from prometheus_client import REGISTRY

from services.engine.use_cases import GameService
from tests.support.engine import write_table

GRACE, AFTER = 30.0, 600.0


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(clock: FakeClock) -> InMemoryEventStore:
    return InMemoryEventStore(clock=clock.now)


@pytest.fixture
def engine(store: InMemoryEventStore, clock: FakeClock) -> GameService:
    return GameService(store, secret="k", clock=clock)


async def _started(
    engine: GameService, store: InMemoryEventStore, table_id: str, **options: float
) -> Game:
    await write_table(store, table_id, options=TableOptions(**options))
    await engine.start_game(table_id)
    return await engine.load(table_id)


async def test_a_game_without_a_clock_stalls_after_the_setting(
    engine: GameService, store: InMemoryEventStore, clock: FakeClock
) -> None:
    game = await _started(engine, store, "t-free")
    last = clock.now()
    assert game.turns  # a human seat is due
    assert stall_of(game, last, last + timedelta(seconds=AFTER), grace=GRACE, after=AFTER) is None
    later = last + timedelta(seconds=AFTER + 1)
    stall = stall_of(game, last, later, grace=GRACE, after=AFTER)
    assert stall is not None and stall.since == last and stall.seats == tuple(game.turns)
    assert stall.age(later) == AFTER + 1


async def test_a_clocked_game_stalls_past_its_deadline_and_the_grace(
    engine: GameService, store: InMemoryEventStore, clock: FakeClock
) -> None:
    game = await _started(engine, store, "t-clock", turn_seconds=5)
    last = clock.now()
    (deadline,) = [d.at for d in game.deadlines.values()]
    assert deadline == last + timedelta(seconds=5)
    assert stall_limit(game, last, grace=GRACE, after=AFTER) == deadline + timedelta(seconds=GRACE)
    assert (
        stall_of(game, last, deadline + timedelta(seconds=GRACE), grace=GRACE, after=AFTER) is None
    )
    assert stall_of(game, last, deadline + timedelta(seconds=GRACE + 1), grace=GRACE, after=AFTER)


def test_a_finished_game_never_stalls() -> None:
    events = recorded_game(play_sample_game("t-done", Options(players=4), seed=3))
    game = Game("t-done")
    game.apply(events)
    assert stall_limit(game, events[-1].recorded_at, grace=GRACE, after=AFTER) is None


def _gauge(name: str) -> float | None:
    return REGISTRY.get_sample_value(name)


async def test_the_watch_reports_the_frozen_table_and_not_the_healthy_ones(
    engine: GameService, store: InMemoryEventStore, clock: FakeClock
) -> None:
    watch = StallWatch(store, engine.load, clock, grace=GRACE, after=AFTER)
    await _started(engine, store, "t-frozen")
    frozen_since = clock.now()
    await clock.advance(AFTER / 2)
    await _started(engine, store, "t-clocked", turn_seconds=3600)
    await write_game(store, play_sample_game("t-finished", Options(players=4), seed=3))
    assert await watch.look() == []
    assert _gauge("president_stalled_tables") == 0

    await clock.advance(AFTER / 2 + 1)
    (stall,) = await watch.look()
    assert stall.table_id == "t-frozen" and stall.since == frozen_since
    assert _gauge("president_stalled_tables") == 1
    assert _gauge("president_stalled_oldest_seconds") == AFTER + 1

    await clock.advance(3600)  # the clocked table's deadline and grace pass too
    assert [s.table_id for s in await watch.look()] == ["t-frozen", "t-clocked"]
    assert _gauge("president_stalled_tables") == 2
