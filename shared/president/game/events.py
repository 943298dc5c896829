"""The events of the ``table-{id}`` and ``game-{id}`` streams (besides the rules events); a
stored event's ``type`` is the class name, its ``data`` ``model_dump(mode="json")``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from president.contract import AILevel, TableOptions
from president.contract.base import Seat, TableId
from president.rules.options import Options


class EventData(BaseModel):
    """Base of stored event data (unknown fields are kept out, nothing is coerced)."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, json_schema_serialization_defaults_required=True
    )


class TableCreated(EventData):
    """A table was opened: its size, options and the AI level of any seat kept for an AI."""

    table_id: TableId
    name: str = ""
    players: Annotated[int, Field(ge=3, le=6)]
    options: TableOptions = TableOptions()
    ai_seats: dict[int, AILevel] = Field(default_factory=dict)


class SeatTaken(EventData):
    """A person took a seat; only the SHA-256 (hex) of the seat token is stored."""

    seat: Seat
    player_name: str
    token_sha256: str


class AISeated(EventData):
    """An AI of ``level`` took a seat."""

    seat: Seat
    level: AILevel


class GameStartRequested(EventData):
    """Every seat is filled and the game was asked to start (the engine creates it)."""

    requested_by: str = ""


class TableClosed(EventData):
    """The table was closed before its game started (``CloseTable``); ``closed_by``: the
    identity that closed it."""

    closed_by: str = ""


TABLE_EVENT_TYPES: dict[str, type[EventData]] = {
    cls.__name__: cls
    for cls in (TableCreated, SeatTaken, AISeated, GameStartRequested, TableClosed)
}


class GameSeat(EventData):
    """One seat of a game: who holds it and the SHA-256 of its token; ``taken_by``: the
    NATS identity that took a person's seat, the only one that may act for it (None: taken
    anonymously, or before it was recorded: the token alone decides)."""

    seat: Seat
    kind: Literal["human", "ai"]
    player_name: str = ""
    level: AILevel | None = None
    token_sha256: str
    taken_by: str | None = None


class GameCreated(EventData):
    """The first event of a game stream."""

    table_id: TableId
    rules_version: str
    players: Annotated[int, Field(ge=3, le=6)]
    options: TableOptions
    seats: list[GameSeat]

    def rules_options(self) -> Options:
        """The rules options this game is played under (player count included)."""
        return Options(
            players=self.players,
            revolution=self.options.revolution,
            rounds=self.options.rounds,
            round_leader=self.options.round_leader,
        )


class DealCommitted(EventData):
    """The commitment to a round's seed, logged before the hands (``seed`` stays private
    until ``SeedRevealed``)."""

    round: Annotated[int, Field(ge=1)]
    leader: Seat
    commitment: str
    seed: str


class SeedRevealed(EventData):
    """A round ended: its seed, to check against the commitment and the dealt hands."""

    round: Annotated[int, Field(ge=1)]
    seed: str


class TurnDeadlineSet(EventData):
    """``seat`` is due (its turn begins with this append): it times out at ``deadline``,
    ``seconds`` after the engine's clock read when the append was decided. ``seconds`` 0:
    the seat is away or left and is played at once; ``deadline`` None: no clock (a seat
    back from away at a table without one)."""

    seat: Seat
    deadline: AwareDatetime | None
    seconds: Annotated[float, Field(ge=0)]


class TurnTimedOut(EventData):
    """``seat``'s turn, due since version ``turn_version``, reached its ``deadline`` with no
    action; the takeover level's action follows in the same append."""

    seat: Seat
    deadline: AwareDatetime
    turn_version: Annotated[int, Field(ge=1)]


class SeatAway(EventData):
    """``seat`` is away: played at once by the takeover level until ``SeatBack``
    (``reason``: the player ``asked`` to, or ``timeouts`` in a row)."""

    seat: Seat
    reason: Literal["asked", "timeouts"]


class SeatBack(EventData):
    """``seat`` is back: it acts (and runs out of time) again."""

    seat: Seat


class SeatLeft(EventData):
    """``seat``'s player left for good (their name stays on the record); the takeover level
    plays the seat for the rest of the series."""

    seat: Seat
    player_name: str = ""


CLOCK_EVENT_TYPES: dict[str, type[EventData]] = {
    cls.__name__: cls for cls in (TurnDeadlineSet, TurnTimedOut, SeatAway, SeatBack, SeatLeft)
}

GAME_SERVICE_EVENT_TYPES: dict[str, type[EventData]] = {
    cls.__name__: cls for cls in (GameCreated, DealCommitted, SeedRevealed)
} | CLOCK_EVENT_TYPES


def public_table_event(event_type: str, data: dict[str, object]) -> dict[str, object]:
    """What the lobby may see of a table-stream event (a seat token's hash is left out)."""
    return {key: value for key, value in data.items() if key != "token_sha256"}
