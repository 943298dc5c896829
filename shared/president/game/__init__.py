"""The game as its streams say, pure like the rules: no I/O, no asyncio, no settings.

- :mod:`president.game.events`: the events of the ``table-{id}`` and ``game-{id}`` streams
  (besides the rules events of :mod:`president.rules.events`);
- :mod:`president.game.table`: the table stream's fold and the table commands' decisions;
- :mod:`president.game.fold`: the game stream's fold (:class:`Game`);
- :mod:`president.game.decide`: the engine's decisions (a game command; a game's start,
  from the folded table; the seed commitment and reveal);
- :mod:`president.game.prompts`: turn prompts and AI decision requests, as data;
- :mod:`president.game.liveness`: until when a game in play may wait, and its stall;
- :class:`Refusal`, the seat tokens and the event metadata, shared by both streams.

The table service, the engine, the audit, the demo's check and the sample writer all
read and write the streams through this package.
"""

from president.game.decide import (
    Choose,
    NewSeed,
    decide_action,
    decide_presence,
    decide_start,
    decide_takeover,
    late_action,
    start_command_id,
)
from president.game.events import (
    CLOCK_EVENT_TYPES,
    GAME_SERVICE_EVENT_TYPES,
    TABLE_EVENT_TYPES,
    AISeated,
    DealCommitted,
    EventData,
    GameCreated,
    GameSeat,
    GameStartRequested,
    SeatAway,
    SeatBack,
    SeatLeft,
    SeatTaken,
    SeedRevealed,
    TableCreated,
    TurnDeadlineSet,
    TurnTimedOut,
    public_table_event,
)
from president.game.fold import (
    TAKEOVER_ACTOR,
    Appended,
    CommandEffect,
    CorruptGame,
    Deadline,
    Game,
    StoredEvent,
    TurnEnd,
    appended,
    seats_to_act,
)
from president.game.metadata import metadata
from president.game.prompts import decision_request, prompts_for, seat_clock
from president.game.refusal import Refusal
from president.game.table import Fact, Seat, TableState, fold_table
from president.game.tokens import ai_seat_token, seat_token, token_matches, token_sha256

__all__ = [
    "CLOCK_EVENT_TYPES",
    "GAME_SERVICE_EVENT_TYPES",
    "TABLE_EVENT_TYPES",
    "TAKEOVER_ACTOR",
    "AISeated",
    "Appended",
    "Choose",
    "CommandEffect",
    "CorruptGame",
    "Deadline",
    "DealCommitted",
    "EventData",
    "Fact",
    "Game",
    "GameCreated",
    "GameSeat",
    "GameStartRequested",
    "NewSeed",
    "Refusal",
    "Seat",
    "SeatAway",
    "SeatBack",
    "SeatLeft",
    "SeatTaken",
    "SeedRevealed",
    "StoredEvent",
    "TableCreated",
    "TableState",
    "TurnDeadlineSet",
    "TurnEnd",
    "TurnTimedOut",
    "ai_seat_token",
    "appended",
    "decide_action",
    "decide_presence",
    "decide_start",
    "decide_takeover",
    "decision_request",
    "fold_table",
    "late_action",
    "metadata",
    "prompts_for",
    "public_table_event",
    "seat_clock",
    "seat_token",
    "seats_to_act",
    "start_command_id",
    "token_matches",
    "token_sha256",
]
