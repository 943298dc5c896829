"""Commands (instructions) and queries, sent by NATS request-reply: table commands to the
table service, game commands and ``GetView`` to the engine."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from president.contract.base import (
    SEAT_KEY,
    AILevel,
    Card,
    CommandId,
    Message,
    PlayerName,
    Seat,
    SeatKey,
    SeatToken,
    TableId,
    TableName,
    Version,
)
from president.contract.options import TableOptions


class Command(Message):
    """Base of every command: who is asking, once."""

    command_id: CommandId
    expected_version: Version | None = None


class CreateTable(Command):
    """Open a table of ``players`` seats; ``ai_seats`` keeps seats for AIs of given levels
    (seated at once), keyed by seat number (``"0"``, ``"1"``...: one key per seat).
    ``table_id`` may be chosen by the sender, else the service picks one."""

    type: Literal["CreateTable"] = "CreateTable"
    table_id: TableId | None = None
    name: TableName = ""
    players: Annotated[int, Field(ge=3, le=6)] = 4
    options: TableOptions = TableOptions()
    ai_seats: Annotated[
        dict[SeatKey, AILevel],
        Field(max_length=6, json_schema_extra={"propertyNames": {"pattern": SEAT_KEY}}),
    ] = Field(default_factory=dict)


class TakeSeat(Command):
    """Take a seat (``seat`` None: the first free one). The reply carries the seat token."""

    type: Literal["TakeSeat"] = "TakeSeat"
    table_id: TableId
    seat: Seat | None = None
    player_name: PlayerName


class SeatAI(Command):
    """Seat an AI of ``level`` (``seat`` None: the first free one)."""

    type: Literal["SeatAI"] = "SeatAI"
    table_id: TableId
    seat: Seat | None = None
    level: AILevel = AILevel.MEDIUM


class StartGame(Command):
    """Start the game once every seat is filled (the engine then deals round 1)."""

    type: Literal["StartGame"] = "StartGame"
    table_id: TableId


class CloseTable(Command):
    """Close a table whose game has not started (only the identity that opened it may):
    nothing more happens at it. The public lobby closes the tables it opened that stayed
    unstarted too long. Idempotent (closed already: accepted, nothing written)."""

    type: Literal["CloseTable"] = "CloseTable"
    table_id: TableId


class ListTables(Message):
    """Query the lobby: tables, optionally only those of one status."""

    type: Literal["ListTables"] = "ListTables"
    command_id: CommandId | None = None
    status: Literal["open", "playing", "finished"] | None = None


class GetTable(Message):
    """Query one table of the lobby."""

    type: Literal["GetTable"] = "GetTable"
    command_id: CommandId | None = None
    table_id: TableId


TableCommand = CreateTable | TakeSeat | SeatAI | StartGame | CloseTable | ListTables | GetTable

TABLE_COMMANDS: dict[str, type[TableCommand]] = {
    cls.__name__: cls
    for cls in (CreateTable, TakeSeat, SeatAI, StartGame, CloseTable, ListTables, GetTable)
}


class SeatCommand(Command):
    """A command for one seat of a table: it must carry that seat's token."""

    table_id: TableId
    seat: Seat
    seat_token: SeatToken


class PlayCards(SeatCommand):
    """Play 1 to 4 cards of one rank (wire notation: ``3C``, ``10H``, ``QS``)."""

    type: Literal["PlayCards"] = "PlayCards"
    cards: Annotated[list[Card], Field(max_length=13)]


class Pass(SeatCommand):
    """Pass until the trick ends."""

    type: Literal["Pass"] = "Pass"


class ReturnCards(SeatCommand):
    """Return exchange cards (President: two, Vice-President: one)."""

    type: Literal["ReturnCards"] = "ReturnCards"
    cards: Annotated[list[Card], Field(max_length=13)]


class GetView(Message):
    """Query a seat's view (hand, public state, legal actions); needs the seat token."""

    type: Literal["GetView"] = "GetView"
    command_id: CommandId | None = None
    table_id: TableId
    seat: Seat
    seat_token: SeatToken


class Leave(SeatCommand):
    """Leave the table for good: the takeover level plays the seat for the rest of the
    series (the player's name stays on the record). Idempotent."""

    type: Literal["Leave"] = "Leave"


class Away(SeatCommand):
    """Step away: the seat is played by the takeover level at once, without waiting for its
    clock, until ``Back``. Idempotent (away already: accepted, nothing written)."""

    type: Literal["Away"] = "Away"


class Back(SeatCommand):
    """Come back (from ``Away``, or from the away that time-outs in a row made): the seat
    acts again, and a turn it is due gets a fresh clock. Idempotent."""

    type: Literal["Back"] = "Back"


GameAction = PlayCards | Pass | ReturnCards
SeatStatusCommand = Leave | Away | Back
GameWrite = PlayCards | Pass | ReturnCards | Leave | Away | Back
"""Every command the engine appends for (a seat's action or its presence)."""
GameCommand = Annotated[
    PlayCards | Pass | ReturnCards | Leave | Away | Back | GetView, Field(discriminator="type")
]

GAME_COMMANDS: dict[str, type[GameWrite | GetView]] = {
    cls.__name__: cls for cls in (PlayCards, Pass, ReturnCards, Leave, Away, Back, GetView)
}

AnyCommand = TableCommand | GameWrite | GetView
