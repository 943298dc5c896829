"""Messages the services publish on JetStream: ``PublicEvent``, ``SeatEvent`` and
``LobbyEvent`` (events out), turn prompts and AI work."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

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
    """A table-stream event (TableCreated, SeatTaken, AISeated, GameStartRequested,
    TableClosed)."""

    type: Literal["LobbyEvent"] = "LobbyEvent"


class SeatClock(BaseModel):
    """A seat's clock and presence, as the game stream records them.

    ``deadline``: when the seat's current turn times out (None: not due, or no clock);
    ``seconds_left``: how long that was from when the message was made (None: no
    deadline); ``away``: the takeover level plays the seat at once until ``Back``
    (``away_reason``: ``asked`` by an ``Away`` command, or ``timeouts`` in a row);
    ``left``: the seat left the table for good; ``timeouts_in_row``: its time-outs since it
    last acted itself.
    """

    model_config = ConfigDict(
        extra="forbid", strict=True, frozen=True, json_schema_serialization_defaults_required=True
    )

    deadline: AwareDatetime | None = None
    seconds_left: float | None = None
    away: bool = False
    away_reason: Literal["asked", "timeouts"] | None = None
    left: bool = False
    timeouts_in_row: int = 0


class TurnPrompt(Message):
    """It is ``seat``'s turn (to play, or to return exchange cards) since ``stream_version``.

    ``view`` is the seat's view as of that version, legal actions included
    (``SeatView.of(president.rules.observe(state, seat))``); ``clock`` holds the turn's
    deadline (recorded in the game stream's ``TurnDeadlineSet``) and whether the seat is
    away; JetStream message id ``{table_id}:{stream_version}:{seat}``.
    """

    type: Literal["TurnPrompt"] = "TurnPrompt"
    table_id: TableId
    stream_version: int
    seat: Seat
    view: SeatView
    clock: SeatClock = SeatClock()


class TurnEnded(Message):
    """The seat's turn that began at ``stream_version`` (its TurnPrompt's) is over, as of
    ``ended_version``: it ``acted``, ``timed_out`` (the takeover level played it), was
    ``taken_over`` (away or left: played at once), or the ``phase_changed`` (a new round,
    the end of the game). Sent on the seat's prompt subject after its prompt, message id
    ``{table_id}:{stream_version}:{seat}:end``: a client that resumes from the last
    message of its prompt subject never acts on a stale prompt."""

    type: Literal["TurnEnded"] = "TurnEnded"
    table_id: TableId
    stream_version: int
    seat: Seat
    ended_version: int
    reason: Literal["acted", "timed_out", "taken_over", "phase_changed"]


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
    deadline: AwareDatetime | None = None
    """When the takeover level plays instead (None: no clock); the request is sent again
    halfway there (same command id: deciding twice is harmless)."""
    attempt: int = Field(default=1, ge=1)

    @property
    def command_id(self) -> str:
        """The deterministic command id of the decision (a redelivery is idempotent)."""
        return ai_command_id(self.table_id, self.stream_version, self.seat)


AI_COMMAND_IDS = "ai:"
"""The AI workers' command id namespace (:func:`ai_command_id`): only the ``ai-worker`` role
may send ids in it."""
ENGINE_COMMAND_IDS = ("timeout:", "takeover:", "start:")
"""The engine's own command id namespaces (time-outs, takeovers, a game's creation): its
internal commands, which never come over the bus; no identity may send ids in them."""


def ai_command_id(table_id: str, stream_version: int, seat: int) -> str:
    """``ai:{table_id}:{stream_version}:{seat}``: one decision, one command id."""
    return f"ai:{table_id}:{stream_version}:{seat}"


def prompt_msg_id(table_id: str, stream_version: int, seat: int, suffix: str = "") -> str:
    """JetStream message id of a turn prompt or decision request (duplicates are dropped);
    ``suffix`` tells apart a turn's other messages (``end``, a decision's ``attempt-2``)."""
    base = f"{table_id}:{stream_version}:{seat}"
    return f"{base}:{suffix}" if suffix else base


def timeout_command_id(table_id: str, stream_version: int, seat: int) -> str:
    """``timeout:{table_id}:{stream_version}:{seat}``: the one time-out of one turn."""
    return f"timeout:{table_id}:{stream_version}:{seat}"


def takeover_command_id(table_id: str, stream_version: int, seat: int) -> str:
    """``takeover:{table_id}:{stream_version}:{seat}``: an away or departed seat's turn
    played at once by the takeover level."""
    return f"takeover:{table_id}:{stream_version}:{seat}"


PromptMessage = TurnPrompt | TurnEnded
"""What a seat's prompt subject carries."""

Outgoing = PublicEvent | SeatEvent | LobbyEvent | TurnPrompt | TurnEnded | DecisionRequest
