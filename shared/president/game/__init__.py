"""The game as its streams say, pure like the rules: the events, folds and decisions of the
``table-{id}`` and ``game-{id}`` streams, prompts as data, seat tokens."""

from president.game.decide import start_command_id
from president.game.events import CLOCK_EVENT_TYPES, GAME_SERVICE_EVENT_TYPES
from president.game.fold import TAKEOVER_ACTOR, CorruptGame, Game
from president.game.seats import seat_token, token_sha256
from president.game.table import Fact, TableState, fold_table

__all__ = [
    "CLOCK_EVENT_TYPES",
    "GAME_SERVICE_EVENT_TYPES",
    "TAKEOVER_ACTOR",
    "CorruptGame",
    "Fact",
    "Game",
    "TableState",
    "fold_table",
    "seat_token",
    "start_command_id",
    "token_sha256",
]
