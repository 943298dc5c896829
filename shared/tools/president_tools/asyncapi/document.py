"""The AsyncAPI 3.0 document of the whole contract, generated from the models and subjects
(``president asyncapi``; docs/asyncapi.json is the committed copy, checked by a test)."""

from __future__ import annotations

import json
from typing import Any

from president.bus.auth import SEAT_MAX_TTL_S, permission_table, seat_permissions, seat_user
from president.contract import commands, messages, replies, verdicts, vocabulary
from president.contract.base import CONTRACT_MINOR, MAX_MESSAGE_BYTES, SCHEMA_VERSION
from president.contract.codes import RejectionCode
from president.contract.subjects import DEFAULT_PREFIX, Subjects
from president.game import events
from president.rules import EVENT_TYPES
from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import models_json_schema

from president_tools.asyncapi.guide import DESCRIPTION
from president_tools.asyncapi.headers import headers_of

_REF = "#/components/schemas/{model}"

TABLE_COMMANDS: tuple[type[BaseModel], ...] = (
    commands.CreateTable,
    commands.TakeSeat,
    commands.SeatAI,
    commands.StartGame,
    commands.CloseTable,
    commands.ListTables,
    commands.GetTable,
)
GAME_COMMANDS: tuple[type[BaseModel], ...] = (
    commands.PlayCards,
    commands.Pass,
    commands.ReturnCards,
    commands.Leave,
    commands.Away,
    commands.Back,
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
    messages.TurnEnded,
    messages.DecisionRequest,
    verdicts.AuditPassed,
    verdicts.AuditFailed,
)
VERDICTS: tuple[type[BaseModel], ...] = (verdicts.AuditPassed, verdicts.AuditFailed)
STORED: tuple[type[BaseModel], ...] = (
    events.TableCreated,
    events.SeatTaken,
    events.AISeated,
    events.GameStartRequested,
    events.GameCreated,
    events.DealCommitted,
    events.SeedRevealed,
    events.TurnDeadlineSet,
    events.TurnTimedOut,
    events.SeatAway,
    events.SeatBack,
    events.SeatLeft,
)


def _message(model: type[BaseModel], headers: dict[str, Any] | None) -> dict[str, Any]:
    name = model.__name__
    doc = (model.__doc__ or "").strip()
    message: dict[str, Any] = {
        "name": name,
        "title": name,
        "summary": doc.split("\n\n")[0].replace("\n", " "),
        "contentType": "application/json",
        "payload": {"$ref": _REF.format(model=name)},
    }
    if headers is not None:
        message["headers"] = headers
    return message


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
            "title": f"A seat's turn prompts and turn ends (JetStream {s.prompts_stream},"
            " msg id table:version:seat, and table:version:seat:end)",
            "parameters": {"table_id": table_id, "seat": seat},
            "messages": _refs((messages.TurnPrompt, messages.TurnEnded)),
        },
        "aiDecisions": {
            "address": s.ai_decide,
            "title": f"AI decision requests of games with a person at the table (JetStream"
            f" work queue {s.ai_stream}, durable consumer {s.ai_consumer}: taken first)",
            "messages": _refs((messages.DecisionRequest,)),
        },
        "aiBatchDecisions": {
            "address": s.ai_batch,
            "title": f"AI decision requests of all-AI games (JetStream work queue"
            f" {s.ai_stream}, durable consumer {s.ai_batch_consumer}: never before an"
            " interactive one waits)",
            "messages": _refs((messages.DecisionRequest,)),
        },
        "auditVerdicts": {
            "address": s.verdict("{table_id}"),
            "title": f"The auditor's verdict on each finished game, and with"
            f" PRESIDENT_AUDITOR_EVERY_ROUND on each round's end (`round` set; JetStream"
            f" {s.audit_stream}, msg id verdict:<GameEnded or RoundEnded event_id>)",
            "parameters": {"table_id": table_id},
            "messages": _refs(VERDICTS),
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
        "sendGameCommand": request(
            "gameCommands", GAME_COMMANDS, "Play, pass, return, leave, away, back, view"
        ),
        "receivePublicEvents": receive("publicEvents", messages.PublicEvent, "Watch a table"),
        "receiveSeatEvents": receive("seatEvents", messages.SeatEvent, "Own hand, exchanges"),
        "receiveLobbyEvents": receive("lobbyEvents", messages.LobbyEvent, "Watch the lobby"),
        "receiveTurnPrompts": {
            **receive("turnPrompts", messages.TurnPrompt, "Own turn, view and clock"),
            "messages": _channel_refs("turnPrompts", (messages.TurnPrompt, messages.TurnEnded)),
        },
        "receiveDecisionRequests": receive(
            "aiDecisions", messages.DecisionRequest, "AI workers: decide for a seat"
        ),
        "receiveBatchDecisionRequests": receive(
            "aiBatchDecisions", messages.DecisionRequest, "AI workers: decide for an all-AI game"
        ),
        "receiveAuditVerdicts": {
            **receive("auditVerdicts", verdicts.AuditPassed, "Every finished game, audited"),
            "messages": _channel_refs("auditVerdicts", VERDICTS),
        },
    }


def _schemas() -> dict[str, Any]:
    # What the services receive, as it may be sent (a field with a default may be left
    # out); what they send and store, as it is written (every field is there).
    received = [(model, "validation") for model in (*TABLE_COMMANDS, *GAME_COMMANDS)]
    sent = [(model, "serialization") for model in (*REPLIES, *OUTGOING)]
    stored = [(model, "validation") for model in STORED]
    _, document = models_json_schema([*received, *sent, *stored], ref_template=_REF)  # type: ignore[list-item]
    schemas: dict[str, Any] = dict(sorted(document.get("$defs", {}).items()))
    _as_parsed(schemas)
    schemas["RejectionCode"] = {
        **schemas.get("RejectionCode", {}),
        "description": "Stable rejection codes: the rule codes of RULES.md first, in the"
        " order they are checked, then the services' own.",
        "enum": [code.value for code in RejectionCode],
        "type": "string",
        "x-enum-descriptions": {code.value: text for code, text in vocabulary.REJECTIONS.items()},
    }
    _vocabulary(schemas)
    return {**schemas, **_event_schemas()}


def _vocabulary(schemas: dict[str, Any]) -> None:
    """Every enum with a description of each value; ``Rejected.params`` per code."""
    schemas["AILevel"]["x-enum-descriptions"] = {
        level.value: text for level, text in vocabulary.AI_LEVELS.items()
    }
    schemas["Title"] = {
        "description": "A title id (RoundEnded.titles, PlayerFinished.title); clients "
        "show it in their own words.",
        "enum": list(vocabulary.TITLES),
        "type": "string",
        "x-enum-descriptions": dict(vocabulary.TITLES),
    }
    schemas["Rejected"]["x-params"] = {
        code.value: vocabulary.REJECTION_PARAMS.get(code, {}) for code in RejectionCode
    }


def _as_parsed(schemas: dict[str, Any]) -> None:
    """Commands as ``parse_command`` reads them: a game command must name its ``type``
    (it tells PlayCards, Pass, ReturnCards and GetView apart) and may leave out
    ``table_id`` (the subject names the table); a table command may leave out its
    ``type`` (the subject names the command). Either, when sent, must agree."""
    for model in (*GAME_COMMANDS, *TABLE_COMMANDS):
        schemas[model.__name__]["x-max-bytes"] = MAX_MESSAGE_BYTES
    for model in GAME_COMMANDS:
        schema = schemas[model.__name__]
        properties = schema["properties"]
        kind = {k: v for k, v in properties["type"].items() if k != "default"}
        properties["type"] = {**kind, "description": "Required: it names the command."}
        properties["table_id"] = {
            **properties["table_id"],
            "description": "Optional: the subject's table; when sent, it must agree.",
        }
        required = (set(schema.get("required", [])) | {"type"}) - {"table_id"}
        schema["required"] = [name for name in properties if name in required]
    for model in TABLE_COMMANDS:
        properties = schemas[model.__name__]["properties"]
        properties["type"] = {
            **properties["type"],
            "description": "Optional: the subject names the command; when sent, it must agree.",
        }


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
    title = {"$ref": _REF.format(model="Title")}
    schemas["PlayerFinishedData"]["properties"]["title"] = title
    schemas["RoundEndedData"]["properties"]["titles"]["items"] = title
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
    headers = headers_of(subjects)
    all_messages = (*TABLE_COMMANDS, *GAME_COMMANDS, *REPLIES, *OUTGOING)
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": "President services",
            "version": f"{SCHEMA_VERSION}.{CONTRACT_MINOR}.0",
            "description": DESCRIPTION,
        },
        "defaultContentType": "application/json",
        "servers": {
            "nats": {
                "host": "localhost:4222",
                "protocol": "nats",
                "description": "Any NATS server with JetStream (PRESIDENT_NATS_URL), TLS "
                "in deployments (tls://, the CA in PRESIDENT_NATS_TLS_CA)",
                "security": [{"$ref": "#/components/securitySchemes/natsUser"}],
            },
            "nats-websocket": {
                "host": "localhost:8443",
                "protocol": "wss",
                "description": "The NATS servers' WebSocket listener, for browsers (ws:// on"
                " loopback only): the web origin alone, one seat's credentials",
                "security": [{"$ref": "#/components/securitySchemes/seatTicket"}],
            },
        },
        "channels": _channels(subjects),
        "operations": _operations(),
        "components": {
            "messages": {
                model.__name__: _message(model, headers.get(model.__name__))
                for model in all_messages
            },
            "schemas": _schemas(),
            "securitySchemes": _security(prefix),
        },
    }


_SECURITY = """\
Every connection authenticates (no anonymous access): a user and password per identity
(PRESIDENT_NATS_USER / PRESIDENT_NATS_PASSWORD). A platform connects as `integrator`.
Each identity has allow-lists for publish and subscribe, JetStream API subjects
included, and must use its own inbox prefix `_INBOX.<user>` (nats-py `inbox_prefix`):
it alone may subscribe there, so replies (seat tokens) reach no one else. Responders
reply only to requests they received (`allow_responses`). Only the relay publishes
events, only the engine the AI work queue, only AI workers consume it; an integrator
sends commands and reads public, lobby, seat and prompt subjects, never `ai.>` nor any
stream's write or admin API. Who sent a command is what the NATS server attests, not the
reply subject nor any header a client writes: the services answer commands from an account
of their own that the platform's account imports, and nats-server stamps each request
crossing the import with its sender's identity (`Nats-Request-Info`, replacing any value
the client set); that identity is rate-limited, recorded as `requested_by` in the events
and keys the command id: command ids are kept per sender, so one identity's id never
answers or blocks another's. Nothing changes for a client: same subjects, same credentials,
request-reply as before. Several platforms on one NATS: one account each
(`president infra nats-auth --platform NAME`). `x-roles` lists every identity's
permissions for this document's prefix; the server configuration is generated from the
same data (president.bus.auth)."""


_SEAT_TICKET = """\
A browser holds one seat's credentials, never an identity's password. The lobby API
(`president web`, identity `web`: table commands only) takes the seat and hands the page
the seat token and a ticket: table id, seat, a single-use nonce and an expiry 60 s ahead,
HMAC-signed (PRESIDENT_WEB_TICKET_SECRET). The page connects to the WebSocket listener
(its `Origin` must be the web origin) with the ticket as its token (CONNECT `auth_token`).
A connection of no static identity goes to the auth callout (nats-server's `auth_callout`
in config mode; `allowed_accounts` names only the callout's account, so every static
identity keeps its password): president web's responder redeems the ticket once and
answers a user JWT named `web-<table>-<seat>`, expiring within 30 minutes, WebSocket
only, which may publish that table's game commands (`{p}.cmd.game.<table>`) and
subscribe that table's public subject, that seat's events and prompts and its own inbox
`_INBOX.web-<table>-<seat>` only: no table command, no JetStream API, no other seat or
table. Anything else (invalid, expired or reused ticket, plain TCP) is refused
(`Authorization Violation`). nats-server attests the name on every command
(`Nats-Request-Info`); the engine lets such credentials act for that seat of that table
alone (FORBIDDEN). When the JWT expires the server closes the connection: the page asks
the lobby for a new ticket and reconnects (GetView resyncs). `x-seat` is the user JWT's
permissions for seat 0 of table `<table>`."""


def _security(prefix: str) -> dict[str, Any]:
    seat = seat_permissions(prefix, "<table>", 0)
    return {
        "natsUser": {
            "type": "userPassword",
            "description": _SECURITY,
            "x-roles": permission_table(prefix),
        },
        "seatTicket": {
            "type": "apiKey",
            "in": "password",
            "description": _SEAT_TICKET,
            "x-seat": {
                "user": seat_user("<table>", 0),
                "allowed_connection_types": ["WEBSOCKET"],
                "expires_within_s": int(SEAT_MAX_TTL_S),
                "publish": list(seat.publish),
                "subscribe": list(seat.subscribe),
            },
        },
    }


def render(prefix: str = DEFAULT_PREFIX) -> str:
    """The document as the committed JSON text (stable: same code, same bytes)."""
    return json.dumps(build(prefix), indent=2, ensure_ascii=False) + "\n"
