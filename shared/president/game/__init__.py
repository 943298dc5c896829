"""The game as its streams say, pure like the rules: no I/O, no asyncio, no settings.

- :mod:`president.game.events`: the events of the ``table-{id}`` and ``game-{id}`` streams
  (besides the rules events of :mod:`president.rules.events`);
- :mod:`president.game.table`: the table stream's fold and the table commands' decisions;
- :mod:`president.game.fold`: the game stream's fold (:class:`Game`);
- :mod:`president.game.decide`: the engine's decisions (a game command; a game's start,
  from the folded table; the seed commitment and reveal);
- :mod:`president.game.prompts`: turn prompts and AI decision requests, as data;
- :class:`Refusal`, the seat tokens and the event metadata, shared by both streams.

The table service, the engine, the audit, the demo's check and the sample writer all
read and write the streams through this package.
"""

from president.game.decide import NewSeed, decide_action, decide_start, start_command_id
from president.game.events import (
    GAME_SERVICE_EVENT_TYPES,
    TABLE_EVENT_TYPES,
    AISeated,
    DealCommitted,
    EventData,
    GameCreated,
    GameSeat,
    GameStartRequested,
    SeatTaken,
    SeedRevealed,
    TableCreated,
    public_table_event,
)
from president.game.fold import (
    Appended,
    CommandEffect,
    CorruptGame,
    Game,
    StoredEvent,
    appended,
    seats_to_act,
)
from president.game.metadata import metadata
from president.game.prompts import prompts_for
from president.game.refusal import Refusal
from president.game.table import Fact, Seat, TableState, fold_table
from president.game.tokens import ai_seat_token, seat_token, token_matches, token_sha256

__all__ = [
    "GAME_SERVICE_EVENT_TYPES",
    "TABLE_EVENT_TYPES",
    "AISeated",
    "Appended",
    "CommandEffect",
    "CorruptGame",
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
    "SeatTaken",
    "SeedRevealed",
    "StoredEvent",
    "TableCreated",
    "TableState",
    "ai_seat_token",
    "appended",
    "decide_action",
    "decide_start",
    "fold_table",
    "metadata",
    "prompts_for",
    "public_table_event",
    "seat_token",
    "seats_to_act",
    "start_command_id",
    "token_matches",
    "token_sha256",
]
