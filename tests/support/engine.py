"""A table written straight into a store, a client that plays legal actions, and the
alarms the turn clock sets for a game."""

from __future__ import annotations

from president.clock import FakeClock
from president.contract import (
    AILevel,
    Pass,
    PlayCards,
    ReturnCards,
    TableOptions,
    stream_id_of_table,
)
from president.game import Game
from president.game.events import AISeated, EventData, GameStartRequested, SeatTaken, TableCreated
from president.game.seats import token_sha256
from president.rules import Action, Play, Return
from president.store import EventStore, NewEvent

from services.engine.turn_clock import Alarm, TurnClock


def human_token(table_id: str, seat: int) -> str:
    return f"token-{table_id}-{seat}"


async def write_table(
    store: EventStore,
    table_id: str,
    *,
    players: int = 4,
    rounds: int = 1,
    ai_seats: tuple[int, ...] = (),
    free_seats: tuple[int, ...] = (),
    start: bool = True,
    options: TableOptions | None = None,
    taken_by: str | None = None,
) -> None:
    """The table stream a table service would write: humans with known tokens, AIs
    (``options``: all of the table's options, ``rounds`` then ignored; ``taken_by``: the
    identity recorded as taking the humans' seats, None: none recorded)."""
    options = options or TableOptions(rounds=rounds)
    events: list[EventData] = [TableCreated(table_id=table_id, players=players, options=options)]
    for seat in range(players):
        if seat in free_seats:
            continue
        if seat in ai_seats:
            events.append(AISeated(seat=seat, level=AILevel.EASY))
        else:
            sha = token_sha256(human_token(table_id, seat))
            events.append(SeatTaken(seat=seat, player_name=f"p{seat}", token_sha256=sha))
    if start:
        events.append(GameStartRequested())
    taker = {} if taken_by is None else {"requested_by": taken_by}
    await store.append(
        stream_id_of_table(table_id),
        [
            NewEvent(
                type(e).__name__,
                e.model_dump(mode="json"),
                metadata=taker if isinstance(e, SeatTaken) else {},
            )
            for e in events
        ],
        expected_version=0,
    )


def command_for(
    table_id: str, action: Action, command_id: str, token: str | None = None
) -> PlayCards | Pass | ReturnCards:
    """The game command of a rules action, with the seat's test token."""
    token = token or human_token(table_id, action.seat)
    common = {"command_id": command_id, "table_id": table_id, "seat": action.seat}
    if isinstance(action, Play):
        return PlayCards(**common, seat_token=token, cards=list(action.cards))
    if isinstance(action, Return):
        return ReturnCards(**common, seat_token=token, cards=list(action.cards))
    return Pass(**common, seat_token=token)


def alarms_of(game: Game) -> list[Alarm]:
    """The alarms a turn clock sets for ``game`` (``TurnClock.watch``), earliest first."""
    clock = TurnClock(FakeClock(), _fire)
    clock.watch(game)
    return clock.pending(game.table_id)


async def _fire(alarm: Alarm) -> None:
    raise AssertionError(f"{alarm} fired: this clock never runs")
