"""The clock a due seat gets from its table's options: the turns', the exchange's own if
it has one, three times either for an AI seat, none without a clock."""

from __future__ import annotations

from dataclasses import replace

import pytest
from president.contract import Back, TableOptions
from president.game import Game
from president.game.decide import Decided, decide_presence, decide_start
from president.game.fold import appended
from president.rules import Options, Phase, Refusal
from president_tools.sample import SAMPLE_SECRET, SAMPLE_TIME, sample_seed, sample_table

pytestmark = pytest.mark.unit


def _started(options: TableOptions, *, ai: bool) -> Game:
    people = () if ai else ("Ann", "Bob", "Cy", "Di")
    table = replace(sample_table("t", Options(players=4), people), options=options)
    events = decide_start(table, secret=SAMPLE_SECRET, seed=sample_seed(1, 1), now=SAMPLE_TIME)
    assert not isinstance(events, Refusal)
    game = Game("t")
    game.apply(appended(events, 1, range(1, len(events) + 1)))
    return game


def _clock(options: TableOptions, *, ai: bool = False, exchange: bool = False) -> float | None:
    """The clock of the seat due at the start (in play), or (``exchange``) of that seat
    coming back from away during an exchange."""
    game = _started(options, ai=ai)
    seat = min(game.turns)
    if not exchange:
        deadline = game.deadlines.get(seat)
        return None if deadline is None else deadline.seconds
    assert game.state is not None
    game.state = replace(game.state, phase=Phase.EXCHANGE)
    game.away[seat] = "asked"
    back = Back(command_id="b", table_id="t", seat=seat, seat_token="x")
    decided = decide_presence(game, back, now=SAMPLE_TIME)
    assert isinstance(decided, Decided)
    [deadline] = [e.data for e in decided.events if e.type == "TurnDeadlineSet"]
    return deadline["seconds"] or None


def test_a_table_without_a_clock_gives_none() -> None:
    assert _clock(TableOptions()) is None
    assert _clock(TableOptions(), exchange=True) is None


def test_the_exchange_uses_its_own_clock_or_the_turns_and_ai_seats_get_three_times_it() -> None:
    assert _clock(TableOptions(turn_seconds=2), exchange=True) == 2
    assert _clock(TableOptions(turn_seconds=2), ai=True) == 6
    assert _clock(TableOptions(turn_seconds=2, exchange_seconds=5), exchange=True) == 5
    assert _clock(TableOptions(turn_seconds=2, exchange_seconds=5), exchange=True, ai=True) == 15
    assert _clock(TableOptions(exchange_seconds=5)) is None
