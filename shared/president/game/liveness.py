"""Whether a game in play is stalled: past its due seats' earliest deadline plus ``grace``,
or without a deadline ``after`` seconds past its last event, it is stalled since that event.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from president.game.fold import Game, seats_to_act
from president.rules import Phase


@dataclass(frozen=True)
class Stall:
    """A stalled game: no event since ``since``, waiting for ``seats`` (empty: for the
    engine), allowed until ``limit``."""

    table_id: str
    since: datetime
    seats: tuple[int, ...]
    limit: datetime

    def age(self, now: datetime) -> float:
        """Seconds since the last event."""
        return (now - self.since).total_seconds()


def stall_limit(
    game: Game, last_event_at: datetime, *, grace: float, after: float
) -> datetime | None:
    """Until when ``game``, whose last event was recorded at ``last_event_at``, may wait
    (None: it waits for nothing, the game is over)."""
    state = game.state
    if state is None or state.phase is Phase.GAME_OVER:
        return None
    seats = seats_to_act(state)
    deadlines = [d.at for seat, d in game.deadlines.items() if seat in seats and d.at]
    if deadlines:
        return min(deadlines) + timedelta(seconds=grace)
    return last_event_at + timedelta(seconds=after)


def stall_of(
    game: Game, last_event_at: datetime, now: datetime, *, grace: float, after: float
) -> Stall | None:
    """``game``'s stall as of ``now`` (None: it is over, or still within its limit)."""
    limit = stall_limit(game, last_event_at, grace=grace, after=after)
    if limit is None or now <= limit:
        return None
    seats = seats_to_act(game.state) if game.state is not None else ()
    return Stall(game.table_id, last_event_at, seats, limit)
