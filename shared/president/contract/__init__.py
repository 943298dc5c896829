"""The message contract of the services: commands, replies, events out, subjects.

Every message is a pydantic model with ``schema_version`` and ``type``; the subject
scheme lives in :mod:`president.contract.subjects`; ``parse_command`` turns a
request into a typed command or a MALFORMED rejection and never raises.
The AsyncAPI document (``president asyncapi``, docs/asyncapi.json) is generated from here.
"""

from president.contract.base import SCHEMA_VERSION, AILevel, Message
from president.contract.codes import RULE_CODES, RejectionCode, from_rule_code
from president.contract.commands import (
    GAME_COMMANDS,
    TABLE_COMMANDS,
    AnyCommand,
    Command,
    CreateTable,
    GameAction,
    GetTable,
    GetView,
    ListTables,
    Pass,
    PlayCards,
    ReturnCards,
    SeatAI,
    SeatCommand,
    StartGame,
    TableCommand,
    TakeSeat,
)
from president.contract.messages import (
    DEFAULT_AI_BUDGET_MS,
    DecisionRequest,
    LobbyEvent,
    PublicEvent,
    SeatEvent,
    TurnPrompt,
    ai_command_id,
    prompt_msg_id,
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
from president.contract.subjects import (
    DEFAULT_PREFIX,
    Subjects,
    stream_id_of_game,
    stream_id_of_table,
    table_id_of_stream,
)
from president.contract.view import (
    LegalAction,
    PassAction,
    PlayAction,
    ReturnAction,
    SeatView,
)

__all__ = [
    "DEFAULT_AI_BUDGET_MS",
    "DEFAULT_PREFIX",
    "GAME_COMMANDS",
    "RULE_CODES",
    "SCHEMA_VERSION",
    "TABLE_COMMANDS",
    "AILevel",
    "Accepted",
    "AnyCommand",
    "Command",
    "CreateTable",
    "DecisionRequest",
    "GameAction",
    "GetTable",
    "GetView",
    "LegalAction",
    "ListTables",
    "LobbyEvent",
    "Message",
    "Pass",
    "PassAction",
    "PlayAction",
    "PlayCards",
    "PublicEvent",
    "Rejected",
    "RejectionCode",
    "Reply",
    "ReturnAction",
    "ReturnCards",
    "SeatAI",
    "SeatCommand",
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
    "TurnPrompt",
    "ViewReply",
    "ai_command_id",
    "from_rule_code",
    "parse_command",
    "parse_reply",
    "prompt_msg_id",
    "stream_id_of_game",
    "stream_id_of_table",
    "table_id_of_stream",
]
