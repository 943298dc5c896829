"""The message contract of the services: commands, replies, events out, subjects.

Every message is a pydantic model with ``schema_version`` and ``type``; the subject
scheme lives in :mod:`president.contract.subjects`; ``parse_command`` turns a
request into a typed command or a MALFORMED rejection and never raises.
The AsyncAPI document (``president asyncapi``, docs/asyncapi.json) is generated from it
(by ``president_tools.asyncapi``).
"""

from president.contract.base import AILevel
from president.contract.codes import RejectionCode
from president.contract.commands import (
    GAME_COMMANDS,
    TABLE_COMMANDS,
    Away,
    Back,
    CreateTable,
    GameAction,
    GameWrite,
    GetTable,
    GetView,
    Leave,
    ListTables,
    Pass,
    PlayCards,
    ReturnCards,
    SeatAI,
    StartGame,
    TableCommand,
    TakeSeat,
)
from president.contract.messages import (
    DEFAULT_AI_BUDGET_MS,
    ENGINE_COMMAND_IDS,
    DecisionRequest,
    LobbyEvent,
    PublicEvent,
    SeatClock,
    SeatEvent,
    TurnEnded,
    TurnPrompt,
    ai_command_id,
    takeover_command_id,
    timeout_command_id,
)
from president.contract.options import TableOptions
from president.contract.parse import parse_command
from president.contract.replies import (
    Accepted,
    Rejected,
    Reply,
    SeatInfo,
    TableInfo,
    TableList,
    TableSummary,
    ViewReply,
    parse_reply,
)
from president.contract.subjects import Subjects, stream_id_of_game, stream_id_of_table
from president.contract.view import SeatView

__all__ = [
    "DEFAULT_AI_BUDGET_MS",
    "ENGINE_COMMAND_IDS",
    "GAME_COMMANDS",
    "TABLE_COMMANDS",
    "AILevel",
    "Accepted",
    "Away",
    "Back",
    "CreateTable",
    "DecisionRequest",
    "GameAction",
    "GameWrite",
    "GetTable",
    "GetView",
    "Leave",
    "ListTables",
    "LobbyEvent",
    "Pass",
    "PlayCards",
    "PublicEvent",
    "Rejected",
    "RejectionCode",
    "Reply",
    "ReturnCards",
    "SeatAI",
    "SeatClock",
    "SeatEvent",
    "SeatInfo",
    "SeatView",
    "StartGame",
    "Subjects",
    "TableCommand",
    "TableInfo",
    "TableList",
    "TableOptions",
    "TableSummary",
    "TakeSeat",
    "TurnEnded",
    "TurnPrompt",
    "ViewReply",
    "ai_command_id",
    "parse_command",
    "parse_reply",
    "stream_id_of_game",
    "stream_id_of_table",
    "takeover_command_id",
    "timeout_command_id",
]
