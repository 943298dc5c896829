"""Messages the services publish on JetStream (events out, turn prompts, AI work).

Events leave only through the relay, from the committed Postgres log:
``PublicEvent`` on ``{prefix}.evt.table.<id>.public`` (never a hidden card or an
unrevealed seed), ``SeatEvent`` on ``{prefix}.evt.table.<id>.seat.<n>`` (that seat's
private part: its dealt hand, the cards it gave or got), ``LobbyEvent`` on
``{prefix}.evt.lobby.<id>`` (table-stream events, seat-token hashes left out).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from president.contract.base import AILevel, Message, Seat, TableId
from president.contract.view import SeatView

DEFAULT_AI_BUDGET_MS = 100
"""An AI seat's thinking time per decision unless the engine is told otherwise
(Hard's default budget; the other levels decide at once)."""


class EventMessage(Message):
    """Common part of a relayed event: which stored event it is, and its data for this
    audience. ``event_type`` is the stored event's type (``CardsPlayed``, ...)."""

    table_id: TableId
    stream_id: str
    version: int
    position: int
    event_id: str
    event_type: str
    data: dict[str, Any]


class PublicEvent(EventMessage):
    """What every player may see of a game event."""

    type: Literal["PublicEvent"] = "PublicEvent"


class SeatEvent(EventMessage):
    """The private part of a game event for one seat."""

    type: Literal["SeatEvent"] = "SeatEvent"
    seat: Seat


class LobbyEvent(EventMessage):
    """A table-stream event (TableCreated, SeatTaken, AISeated, GameStartRequested)."""

    type: Literal["LobbyEvent"] = "LobbyEvent"


class TurnPrompt(Message):
    """It is ``seat``'s turn (to play, or to return exchange cards) since ``stream_version``.

    ``view`` is the seat's view as of that version, legal actions included
    (``SeatView.of(president.rules.observe(state, seat))``); JetStream message id
    ``{table_id}:{stream_version}:{seat}``.
    """

    type: Literal["TurnPrompt"] = "TurnPrompt"
    table_id: TableId
    stream_version: int
    seat: Seat
    view: SeatView


class DecisionRequest(Message):
    """Work for an AI worker: decide for ``seat`` from ``view`` alone, then submit the action
    with ``seat_token`` and the command id ``ai:{table_id}:{stream_version}:{seat}``."""

    type: Literal["DecisionRequest"] = "DecisionRequest"
    table_id: TableId
    seat: Seat
    seat_token: str
    level: AILevel
    stream_version: int
    view: SeatView
    budget_ms: int = Field(default=DEFAULT_AI_BUDGET_MS, ge=1)

    @property
    def command_id(self) -> str:
        """The deterministic command id of the decision (a redelivery is idempotent)."""
        return ai_command_id(self.table_id, self.stream_version, self.seat)


def ai_command_id(table_id: str, stream_version: int, seat: int) -> str:
    """``ai:{table_id}:{stream_version}:{seat}``: one decision, one command id."""
    return f"ai:{table_id}:{stream_version}:{seat}"


def prompt_msg_id(table_id: str, stream_version: int, seat: int) -> str:
    """JetStream message id of a turn prompt or decision request (duplicates are dropped)."""
    return f"{table_id}:{stream_version}:{seat}"


Outgoing = PublicEvent | SeatEvent | LobbyEvent | TurnPrompt | DecisionRequest
