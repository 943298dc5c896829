"""Replies: every request gets exactly one, ``Accepted``, ``Rejected`` or a query result."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from president.contract.base import AILevel, Message, Seat, TableId
from president.contract.codes import RejectionCode
from president.contract.messages import SeatClock
from president.contract.options import TableOptions
from president.contract.view import SeatView
from president.rules.errors import Refusal, RejectionParams


class Accepted(Message):
    """The command took effect: the events it appended to ``stream_id``.

    ``duplicate`` is true when this command id was seen before: nothing new was
    written and the versions are those of the first time. ``seat_token`` is set
    only in the reply to ``TakeSeat`` (the only time the token is ever sent).
    """

    type: Literal["Accepted"] = "Accepted"
    command_id: str
    stream_id: str
    first_version: int
    last_version: int
    positions: list[int] = Field(default_factory=list)
    duplicate: bool = False
    table_id: TableId | None = None
    seat: Seat | None = None
    seat_token: str | None = None


class Rejected(Message):
    """The command was refused and changed nothing; ``code`` is stable, ``detail`` is
    English prose for logs (never shown to a player); ``params`` are the numbers and names
    a message for a person needs (``vocabulary.REJECTION_PARAMS`` lists them per code)."""

    type: Literal["Rejected"] = "Rejected"
    command_id: str | None = None
    code: RejectionCode
    detail: str = Field(
        default="",
        description="English prose for logs and developers, never shown to a player: a "
        "client words the refusal from `code` and `params`.",
    )
    params: RejectionParams = Field(
        default_factory=dict,
        description="The numbers and names a message needs (x-params lists them per code); "
        "every one optional.",
    )

    @classmethod
    def of(cls, refusal: Refusal, command_id: str | None = None) -> Rejected:
        """The reply that answers ``refusal`` to the command ``command_id``."""
        params = dict(refusal.params)
        return cls(command_id=command_id, code=refusal.code, detail=refusal.detail, params=params)


class SeatInfo(Message):
    """One seat in the lobby view."""

    seat: Seat
    kind: Literal["free", "human", "ai"]
    player_name: str = ""
    level: AILevel | None = None


class TableSummary(Message):
    """A table in the lobby view."""

    table_id: TableId
    name: str = ""
    players: int
    options: TableOptions
    status: Literal["open", "playing", "finished"]
    seats: list[SeatInfo]
    version: int = 0


class TableList(Message):
    """Reply to ``ListTables``."""

    type: Literal["TableList"] = "TableList"
    command_id: str | None = None
    tables: list[TableSummary]


class TableInfo(Message):
    """Reply to ``GetTable``."""

    type: Literal["TableInfo"] = "TableInfo"
    command_id: str | None = None
    table: TableSummary


class ViewReply(Message):
    """Reply to ``GetView``: the seat's view as of ``stream_version`` of ``game-{table_id}``;
    ``clock``: the seat's deadline and time left, and whether it is away or left."""

    type: Literal["SeatView"] = "SeatView"
    command_id: str | None = None
    table_id: TableId
    seat: Seat
    stream_version: int
    view: SeatView
    clock: SeatClock = SeatClock()


Reply = Accepted | Rejected | TableList | TableInfo | ViewReply


_REPLY = TypeAdapter(Annotated[Reply, Field(discriminator="type")])


def parse_reply(raw: bytes | str) -> Reply:
    """A reply from its JSON (for clients). Raises pydantic.ValidationError otherwise."""
    return _REPLY.validate_json(raw)
