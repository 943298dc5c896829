"""A series with turn clocks, recorded by the engine on the in-memory store and a fake clock:
every seat's time runs out (two in a row make it away), one seat leaves, one comes back."""

from __future__ import annotations

import asyncio
import itertools

from president.clock import FakeClock
from president.contract import Accepted, Back, Leave, TableOptions, stream_id_of_game
from president.store import RecordedEvent
from president.store.memory import InMemoryEventStore

from services.engine.use_cases import GameService
from tests.support.engine import alarms_of, human_token, write_table

CLOCKED_TABLE = "tbl-clock"


async def _play() -> list[RecordedEvent]:
    clock = FakeClock()
    store = InMemoryEventStore(clock=clock.now)
    seeds = itertools.count()
    engine = GameService(
        store,
        secret="k",
        new_seed=lambda: f"{next(seeds):064x}",
        clock=clock,
        takeover_seed=3,
    )
    options = TableOptions(turn_seconds=1, rounds=2, away_after=2)
    await write_table(store, CLOCKED_TABLE, options=options)
    await engine.start_game(CLOCKED_TABLE)
    token = human_token(CLOCKED_TABLE, 3)
    left = await engine.handle(
        Leave(command_id="leave", table_id=CLOCKED_TABLE, seat=3, seat_token=token)
    )
    assert isinstance(left, Accepted)
    back_sent = False
    while True:
        game = await engine.load(CLOCKED_TABLE)
        assert game.state is not None
        if game.state.is_terminal:
            break
        if game.away.get(2) and not back_sent:
            token = human_token(CLOCKED_TABLE, 2)
            await engine.handle(
                Back(command_id="back", table_id=CLOCKED_TABLE, seat=2, seat_token=token)
            )
            back_sent = True
            continue
        alarm = min(a for a in alarms_of(game) if a.kind == "takeover")
        await clock.set(alarm.at)
        await clock.advance(0.01)  # recorded 10 ms after the deadline
        reply = await engine.take_over(
            CLOCKED_TABLE, alarm.seat, alarm.turn_version, alarm.command_id
        )
        assert isinstance(reply, Accepted), reply
    return await store.read_stream(stream_id_of_game(CLOCKED_TABLE))


def clocked_game() -> list[RecordedEvent]:
    """The recorded events of the clocked series."""
    return asyncio.run(_play())
