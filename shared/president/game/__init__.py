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

from president.game.decide import start_command_id
from president.game.events import CLOCK_EVENT_TYPES, GAME_SERVICE_EVENT_TYPES
from president.game.fold import TAKEOVER_ACTOR, CorruptGame, Game
from president.game.refusal import Refusal
from president.game.table import Fact, TableState, fold_table
from president.game.tokens import seat_token, token_sha256

__all__ = [
    "CLOCK_EVENT_TYPES",
    "GAME_SERVICE_EVENT_TYPES",
    "TAKEOVER_ACTOR",
    "CorruptGame",
    "Fact",
    "Game",
    "Refusal",
    "TableState",
    "fold_table",
    "seat_token",
    "start_command_id",
    "token_sha256",
]
