"""The AsyncAPI 3.0 document of the whole contract, generated from the models and subjects.

``president asyncapi`` writes it; docs/asyncapi.json is the committed copy and a test
fails when it differs from what this module generates.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import models_json_schema

from president.contract import commands, events, messages, replies
from president.contract.base import SCHEMA_VERSION
from president.contract.codes import RejectionCode
from president.contract.subjects import DEFAULT_PREFIX, Subjects
from president.rules import EVENT_TYPES, RULES_VERSION

_REF = "#/components/schemas/{model}"

TABLE_COMMANDS: tuple[type[BaseModel], ...] = (
    commands.CreateTable,
    commands.TakeSeat,
    commands.SeatAI,
    commands.StartGame,
    commands.ListTables,
    commands.GetTable,
)
GAME_COMMANDS: tuple[type[BaseModel], ...] = (
    commands.PlayCards,
    commands.Pass,
    commands.ReturnCards,
    commands.GetView,
)
REPLIES: tuple[type[BaseModel], ...] = (
    replies.Accepted,
    replies.Rejected,
    replies.TableList,
    replies.TableInfo,
    replies.ViewReply,
)
OUTGOING: tuple[type[BaseModel], ...] = (
    messages.PublicEvent,
    messages.SeatEvent,
    messages.LobbyEvent,
    messages.TurnPrompt,
    messages.DecisionRequest,
)
STORED: tuple[type[BaseModel], ...] = (
    events.TableCreated,
    events.SeatTaken,
    events.AISeated,
    events.GameStartRequested,
    events.GameCreated,
    events.DealCommitted,
    events.SeedRevealed,
)

_DESCRIPTION = f"""\
The message contract of the President services (CardVerse variant, {RULES_VERSION}).

Commands go by NATS request-reply and always get exactly one reply: Accepted (the
versions and log positions of the events the command appended), Rejected (a stable
code), or a query result. Every command carries a `command_id`: the same id twice is
answered the same and has one effect. A command may carry `expected_version` (the
version of the stream it writes); a mismatch is STALE_VERSION and changes nothing.
Malformed input (not JSON, unknown command, a wrong field) is Rejected with MALFORMED.

Events leave only through the relay, from the committed Postgres log, on JetStream.
Public subjects never carry a card that was not played, nor a round's seed before
its reveal; a seat's private events and its turn prompts go to that seat's subjects
only. Every subject starts with a configurable prefix (here `{DEFAULT_PREFIX}`).
Envelope version: `schema_version` = {SCHEMA_VERSION}; `type` names the message.

A PublicEvent's `data` is the stored event's data (`<Type>Data` below) except for
RoundDealt, CardsGiven and CardsReturned (`<Type>PublicData`: sizes and counts only),
GameCreated (seats without `token_sha256`) and DealCommitted (without `seed`, which
SeedRevealed publishes when the round ends). A SeatEvent carries the private part:
RoundDealt as `RoundDealtSeatData`, CardsGiven/CardsReturned whole, to the two seats
concerned only.
"""


def _message(model: type[BaseModel], summary: str = "") -> dict[str, Any]:
    name = model.__name__
    doc = (model.__doc__ or "").strip()
    return {
        "name": name,
        "title": name,
        "summary": summary or doc.split("\n\n")[0].replace("\n", " "),
        "contentType": "application/json",
        "payload": {"$ref": _REF.format(model=name)},
    }


def _refs(models: tuple[type[BaseModel], ...]) -> dict[str, Any]:
    return {m.__name__: {"$ref": f"#/components/messages/{m.__name__}"} for m in models}


def _channel_refs(channel: str, models: tuple[type[BaseModel], ...]) -> list[dict[str, str]]:
    return [{"$ref": f"#/channels/{channel}/messages/{m.__name__}"} for m in models]


def _channels(s: Subjects) -> dict[str, Any]:
    table_id = {"description": "the table id (letters, digits, '-', '_')"}
    seat = {"description": "a seat number, 0 to players - 1"}
    return {
        "tableCommands": {
            "address": s.table_command("{command}"),
            "title": "Table commands and lobby queries (table service, queue group)",
            "parameters": {
                "command": {
                    "enum": [m.__name__ for m in TABLE_COMMANDS],
                    "description": "the command's type",
                }
            },
            "messages": _refs(TABLE_COMMANDS),
        },
        "gameCommands": {
            "address": s.game_command("{table_id}"),
            "title": "Game commands and the seat-view query (engine, queue group)",
            "parameters": {"table_id": table_id},
            "messages": _refs(GAME_COMMANDS),
        },
        "replies": {
            "address": None,
            "title": "The reply to a command (the request's reply inbox)",
            "messages": _refs(REPLIES),
        },
        "publicEvents": {
            "address": s.public("{table_id}"),
            "title": f"A table's public game events (JetStream {s.events_stream})",
            "parameters": {"table_id": table_id},
            "messages": _refs((messages.PublicEvent,)),
        },
        "seatEvents": {
            "address": s.seat("{table_id}", "{seat}"),  # type: ignore[arg-type]
            "title": f"One seat's private game events (JetStream {s.events_stream})",
            "parameters": {"table_id": table_id, "seat": seat},
            "messages": _refs((messages.SeatEvent,)),
        },
        "lobbyEvents": {
            "address": s.lobby("{table_id}"),
            "title": f"A table's lobby events (JetStream {s.events_stream})",
            "parameters": {"table_id": table_id},
            "messages": _refs((messages.LobbyEvent,)),
        },
        "turnPrompts": {
            "address": s.prompt("{table_id}", "{seat}"),  # type: ignore[arg-type]
            "title": f"A seat's turn prompts (JetStream {s.prompts_stream}, msg id"
            " table:version:seat)",
            "parameters": {"table_id": table_id, "seat": seat},
            "messages": _refs((messages.TurnPrompt,)),
        },
        "aiDecisions": {
            "address": s.ai_decide,
            "title": f"AI decision requests (JetStream work queue {s.ai_stream},"
            f" durable consumer {s.ai_consumer})",
            "messages": _refs((messages.DecisionRequest,)),
        },
    }


def _operations() -> dict[str, Any]:
    def request(channel: str, models: tuple[type[BaseModel], ...], summary: str) -> Any:
        return {
            "action": "send",
            "summary": summary,
            "channel": {"$ref": f"#/channels/{channel}"},
            "messages": _channel_refs(channel, models),
            "reply": {
                "channel": {"$ref": "#/channels/replies"},
                "messages": _channel_refs("replies", REPLIES),
            },
        }

    def receive(channel: str, model: type[BaseModel], summary: str) -> Any:
        return {
            "action": "receive",
            "summary": summary,
            "channel": {"$ref": f"#/channels/{channel}"},
            "messages": _channel_refs(channel, (model,)),
        }

    return {
        "sendTableCommand": request("tableCommands", TABLE_COMMANDS, "Create, seat, start, query"),
        "sendGameCommand": request("gameCommands", GAME_COMMANDS, "Play, pass, return, view"),
        "receivePublicEvents": receive("publicEvents", messages.PublicEvent, "Watch a table"),
        "receiveSeatEvents": receive("seatEvents", messages.SeatEvent, "Own hand, exchanges"),
        "receiveLobbyEvents": receive("lobbyEvents", messages.LobbyEvent, "Watch the lobby"),
        "receiveTurnPrompts": receive("turnPrompts", messages.TurnPrompt, "Own turn and view"),
        "receiveDecisionRequests": receive(
            "aiDecisions", messages.DecisionRequest, "AI workers: decide for a seat"
        ),
    }


def _schemas() -> dict[str, Any]:
    models = (*TABLE_COMMANDS, *GAME_COMMANDS, *REPLIES, *OUTGOING, *STORED)
    _, document = models_json_schema([(model, "validation") for model in models], ref_template=_REF)
    schemas: dict[str, Any] = dict(sorted(document.get("$defs", {}).items()))
    schemas["RejectionCode"] = {
        **schemas.get("RejectionCode", {}),
        "description": "Stable rejection codes: the rule codes of RULES.md first, in the"
        " order they are checked, then the services' own.",
        "enum": [code.value for code in RejectionCode],
        "type": "string",
    }
    return {**schemas, **_event_schemas()}


def _integer() -> dict[str, str]:
    return {"type": "integer"}


def _event_schemas() -> dict[str, Any]:
    """The data of the rules events as stored (``Event.to_dict()``), and the public form
    of the three that hide cards (what a PublicEvent carries for them)."""
    schemas: dict[str, Any] = {}
    for name, cls in EVENT_TYPES.items():
        schema = TypeAdapter(cls).json_schema()
        schema["x-public"] = cls.public
        schemas[f"{name}Data"] = schema
    exchange = {
        "type": "object",
        "required": ["round", "giver", "receiver", "count"],
        "properties": {k: _integer() for k in ("round", "giver", "receiver", "count")},
    }
    schemas["RoundDealtPublicData"] = {
        "description": "RoundDealt on a public subject: hand sizes only.",
        "type": "object",
        "required": ["round", "leader", "hand_sizes"],
        "properties": {
            "round": _integer(),
            "leader": _integer(),
            "hand_sizes": {"type": "array", "items": _integer()},
        },
    }
    schemas["RoundDealtSeatData"] = {
        "description": "RoundDealt on a seat's subject: that seat's hand.",
        "type": "object",
        "required": ["round", "leader", "hand", "hand_sizes"],
        "properties": {
            "round": _integer(),
            "leader": _integer(),
            "hand": {"type": "array", "items": {"type": "string"}},
            "hand_sizes": {"type": "array", "items": _integer()},
        },
    }
    for name in ("CardsGiven", "CardsReturned"):
        schemas[f"{name}PublicData"] = {
            "description": f"{name} on a public subject: how many cards, not which.",
            **exchange,
        }
    return schemas


def build(prefix: str = DEFAULT_PREFIX) -> dict[str, Any]:
    """The AsyncAPI document as a dict."""
    subjects = Subjects(prefix)
    all_messages = (*TABLE_COMMANDS, *GAME_COMMANDS, *REPLIES, *OUTGOING)
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "President services",
            "version": f"{SCHEMA_VERSION}.0.0",
            "description": _DESCRIPTION,
        },
        "defaultContentType": "application/json",
        "servers": {
            "nats": {
                "host": "localhost:4222",
                "protocol": "nats",
                "description": "Any NATS server with JetStream (PRESIDENT_NATS_URL)",
            }
        },
        "channels": _channels(subjects),
        "operations": _operations(),
        "components": {
            "messages": {model.__name__: _message(model) for model in all_messages},
            "schemas": _schemas(),
        },
    }


def render(prefix: str = DEFAULT_PREFIX) -> str:
    """The document as the committed JSON text (stable: same code, same bytes)."""
    return json.dumps(build(prefix), indent=2, ensure_ascii=False) + "\n"
