"""The AsyncAPI 3.0 document of the whole contract, generated from the models and subjects.

``president asyncapi`` writes it; docs/asyncapi.json is the committed copy and a test
fails when it differs from what this module generates.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import models_json_schema

from president.contract import commands, messages, replies
from president.contract.base import MAX_JSON_DEPTH, MAX_MESSAGE_BYTES, SCHEMA_VERSION
from president.contract.codes import RejectionCode
from president.contract.headers import (
    EVENT_HEADERS,
    EVENT_ID,
    EVENT_TYPE,
    EXPECTED_LAST_SEQ,
    EXPECTED_STREAM,
    MSG_ID,
    PART,
    POSITION,
    STREAM_ID,
    VERSION,
)
from president.contract.subjects import DEFAULT_PREFIX, Subjects
from president.game import events
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
)
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

_P = Subjects(DEFAULT_PREFIX).events_stream.removesuffix("_EVENTS")

_DESCRIPTION = f"""\
The message contract of the President services (CardVerse variant, {RULES_VERSION}).

Commands go by NATS request-reply and always get exactly one reply: Accepted (the
versions and log positions of the events the command appended), Rejected (a stable
code), or a query result. Every command carries a `command_id`: the same id twice is
answered the same and has one effect. A command may carry `expected_version` (the
version of the stream it writes); a mismatch is STALE_VERSION and changes nothing.
Malformed input (not JSON, unknown command, a wrong field) is Rejected with MALFORMED.

Limits (every command and query): a body of at most {MAX_MESSAGE_BYTES} bytes (larger is
MESSAGE_TOO_LARGE, refused unread, no `command_id` echoed), JSON nested at most
{MAX_JSON_DEPTH} deep, every string field within its `maxLength` and `pattern` below (no
control characters anywhere), else MALFORMED. The same `command_id` with another command
(type, subject or body) or from another identity is COMMAND_ID_REUSED and changes
nothing. Each client identity may send `PRESIDENT_COMMAND_RATE` commands a second
(bursts of `PRESIDENT_COMMAND_BURST`) to each service instance: beyond, RATE_LIMITED,
unread; it may hold `PRESIDENT_MAX_OPEN_TABLES` open tables: beyond, TOO_MANY_TABLES.

An event message the NATS server would refuse (larger than its `max_payload`, or refused
again and again) is replaced in its place by a reference with the same subject and
headers plus `President-Withheld` (why), whose payload is `{{"type": "EventWithheld",
"event_id", "stream_id", "version", "position", "event_type", "part", "size", "reason"}}`:
the event stays in the Postgres log. No accepted command can cause one.

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
concerned only. TurnPrompt, ViewReply and DecisionRequest carry the seat's view
(`SeatView`: own hand, counts, order, trick, history, exchange, legal actions).

## Following a table (consumer's guide)

Streams and subjects (`{{P}}` is the prefix upper-cased, here `{_P}`):
- `{_P}_EVENTS` holds every event message. `<prefix>.evt.table.<table_id>.public`:
  each event of the game stream `game-<table_id>` once, versions 1, 2, 3, ... in
  order. `<prefix>.evt.table.<table_id>.seat.<n>`: seat n's private parts (its hand
  in each RoundDealt, the exchange cards it gave or got), fewer versions.
  `<prefix>.evt.lobby.<table_id>`: the events of `table-<table_id>` (seats, start).
- `{_P}_PROMPTS`: `<prefix>.evt.table.<table_id>.seat.<n>.prompt`, seat n's turns.
- `{_P}_AI`: `<prefix>.ai.decide`, work for AI workers (internal).

Versions and sequences. Each event message says which stored event it is, in its
payload and in headers: `version` / `{VERSION}` (its version in `stream_id`,
from 1, no gaps), `position` / `{POSITION}` (its place in the whole log),
`event_id` / `{EVENT_ID}`. Its JetStream stream sequence counts the messages of
all tables, so it is not a function of the version; it is in the message's JetStream
metadata (nats-py: `msg.metadata.sequence.stream`).
The relay publishes in log order, so on one subject the version grows with the
sequence: the sequence where version v+1 starts is the least sequence whose next
message on the subject has a version above v (a binary search with the stream's
`next_by_subj` message look-up; `president.client.sequence_after_version`).

Resuming after a crash, without missing or double-handling an event:
1. Handle an event and save its `version` (and, optionally, its stream sequence) in
   the same transaction as the handling's effects.
2. On start, look up the sequence after the saved version (or take the saved
   sequence + 1) and create an ordered consumer filtered on the subject with
   `deliver_policy` `by_start_sequence` and `opt_start_seq` = that sequence.
3. Skip any message whose version is not above the saved one (a guard: the relay
   stores each event's message once; `{MSG_ID}` de-duplicates its retries within
   the stream's 120 s duplicate window, and after any downtime it resumes from the
   `President-*` headers of the last stored message). On the public subject a
   version above saved + 1 is a gap (messages removed by the stream's limits):
   take the current state from GetView and go on from its `stream_version`.
   `president.client.PresidentClient.public_events(table_id, after_version=v)`
   does step 2 and the skip of step 3 (a gap shows as a jump in `version`).
A client without saved state calls GetView (the view as of `stream_version` s) and
follows the public subject after version s. A turn prompt is current while the view
lists legal actions for the seat and no TurnEnded of its turn followed it; send the
decision with a command id derived from (`table_id`, `stream_version`, `seat`), as AI
workers do, so a resend after a crash is a duplicate, not a second move.

Retention, as the streams are created by default (the first process that needs a
stream creates it; every process brings an existing one to the deployment's
settings, which may differ): `{_P}_EVENTS` keeps messages 7 days, oldest dropped
first also when a deployment sets a size limit (the Postgres log, kept forever, is
the source of truth either way; a gap is handled as above);
`{_P}_PROMPTS` keeps a prompt 15 minutes (a prompt matters while its turn lasts);
`{_P}_AI` is a work queue (a request is removed once a worker acknowledges it).
Duplicate window: 120 s on each.

Lobby. ListTables reads the lobby projection, which the table service updates from
the log shortly after each append (woken by Postgres NOTIFY, typically within a
second while it runs): eventually consistent, so a table just created or a seat just
taken may be missing for a moment. GetTable reads the table's stream from the log at request
time (its seats, name, options and `version`, the table stream's version to use as
`expected_version`), so it shows every accepted table command at once; its `status`
is `playing` from the stored start request on and `finished` once the projection
has seen the game's end. To watch the lobby live: consume `<prefix>.evt.lobby.*`
from a start time a little before calling ListTables (`deliver_policy`
`by_start_time`: the projection may lag the stream), and apply a table's events only
above its summary's `version` (LobbyEvent `version` is the table stream's version).

## Turn clocks and absent players

Table options `turn_seconds`, `exchange_seconds`, `takeover_level`,
`away_after` (no `turn_seconds` and no `exchange_seconds`: no clock, a table waits as long
as it takes). Every append that makes a seat due records its deadline
(`TurnDeadlineSet`); the seat's TurnPrompt carries it in `clock`, and GetView's reply
carries the time left. An AI seat's clock is three times the phase's. When a deadline
passes with no action the engine appends `TurnTimedOut` and the takeover level's action
(metadata `actor` = `takeover`, `takeover_seat`, `takeover_level`, `takeover_reason`)
under the command id `timeout:<table>:<turn version>:<seat>`; an action that arrives
after it is Rejected with TURN_TIMED_OUT. `away_after` time-outs in a row make the seat
away (`SeatAway`): an away or departed seat is played at once (`TurnDeadlineSet` with
`seconds` 0, then the takeover under `takeover:<table>:<turn version>:<seat>`). `Leave`,
`Away` and `Back` (with the seat token, idempotent) record `SeatLeft`, `SeatAway` and
`SeatBack`; `Back` gives a seat that is due a fresh clock. When a seat's turn ends (it
acted, timed out, was taken over, or the phase changed) a `TurnEnded` follows its
TurnPrompt on the seat's prompt subject (message id `<table>:<turn version>:<seat>:end`).
"""


_UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_COUNT = "^(0|[1-9][0-9]*)$"


def _string(description: str, pattern: str | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", "description": description}
    return schema if pattern is None else {**schema, "pattern": pattern}


def _expected_stream(stream: str) -> dict[str, Any]:
    return {
        "type": "string",
        "const": stream,
        "description": "The stream the publisher expects to store the message (set by the"
        " NATS client; JetStream refuses the message if another stream would take it).",
    }


def _event_headers(stream: str, key: str, key_pattern: str) -> dict[str, Any]:
    """The headers the relay sets on every message it publishes (all strings)."""
    properties = {
        MSG_ID: _string(
            f"`<event_id>.{key}`: JetStream drops a message whose id it stored within the"
            " duplicate window (the relay's retries).",
            f"^{_UUID}\\.{key_pattern}$",
        ),
        EVENT_ID: _string("The stored event's id (`event_id`).", f"^{_UUID}$"),
        STREAM_ID: _string(
            "The log stream, game-<table_id> or table-<table_id> (`stream_id`).",
            "^(game|table)-[A-Za-z0-9_-]{1,64}$",
        ),
        VERSION: _string("The event's version in its stream, from 1 (`version`).", _COUNT),
        POSITION: _string("The event's position in the whole log (`position`).", _COUNT),
        EVENT_TYPE: _string("The stored event's type (`event_type`).", "^[A-Za-z]+$"),
        PART: _string(
            "i/n: the i-th of the n messages the relay publishes for this event (the public"
            " one first, then each seat's private part in seat order).",
            "^[1-9][0-9]*/[1-9][0-9]*$",
        ),
        EXPECTED_LAST_SEQ: _string(
            "The relay's fence: the sequence the stream must end at for JetStream to store"
            " this message (so two relays cannot interleave).",
            _COUNT,
        ),
        EXPECTED_STREAM: _expected_stream(stream),
    }
    return {
        "type": "object",
        "required": [*EVENT_HEADERS, EXPECTED_LAST_SEQ, EXPECTED_STREAM],
        "properties": properties,
        "additionalProperties": False,
    }


_TURN_ID = "^[A-Za-z0-9_-]{1,64}:(0|[1-9][0-9]*):[0-5]"
_PROMPT_IDS = {
    "TurnPrompt": (
        "`<table_id>:<stream_version>:<seat>`: one per turn; the engine may publish a"
        " turn's prompt again, and JetStream keeps one within the duplicate window.",
        f"{_TURN_ID}$",
    ),
    "TurnEnded": (
        "`<table_id>:<stream_version>:<seat>:end`: the end of the turn of that prompt.",
        f"{_TURN_ID}:end$",
    ),
    "DecisionRequest": (
        "`<table_id>:<stream_version>:<seat>`, and `...:attempt-<n>` when the engine asks"
        " again (the first request may be lost); JetStream keeps one of each.",
        f"{_TURN_ID}(:attempt-[2-9])?$",
    ),
}


def _prompt_headers(stream: str, message: str) -> dict[str, Any]:
    """The headers of a turn prompt, a turn's end or a decision request (by the engine)."""
    msg_id = _string(*_PROMPT_IDS[message])
    return {
        "type": "object",
        "required": [MSG_ID, EXPECTED_STREAM],
        "properties": {MSG_ID: msg_id, EXPECTED_STREAM: _expected_stream(stream)},
        "additionalProperties": False,
    }


def _headers(s: Subjects) -> dict[str, dict[str, Any]]:
    """The headers of each message published on JetStream, by message name."""
    return {
        "PublicEvent": _event_headers(s.events_stream, "public", "public"),
        "SeatEvent": _event_headers(s.events_stream, "seat<n>", "seat[0-5]"),
        "LobbyEvent": _event_headers(s.events_stream, "lobby", "lobby"),
        "TurnPrompt": _prompt_headers(s.prompts_stream, "TurnPrompt"),
        "TurnEnded": _prompt_headers(s.prompts_stream, "TurnEnded"),
        "DecisionRequest": _prompt_headers(s.ai_stream, "DecisionRequest"),
    }


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
    }
    return {**schemas, **_event_schemas()}


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
    headers = _headers(subjects)
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
                "description": "Any NATS server with JetStream (PRESIDENT_NATS_URL), TLS "
                "in deployments (tls://, the CA in PRESIDENT_NATS_TLS_CA)",
                "security": [{"$ref": "#/components/securitySchemes/natsUser"}],
            }
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
stream's write or admin API. A command id sent first by one identity is refused to
another (COMMAND_ID_REUSED). Several platforms on one NATS: one account each
(`president infra nats-auth --platform NAME`). `x-roles` lists every identity's
permissions for this document's prefix; the server configuration is generated from the
same data (president.bus.auth)."""


def _security(prefix: str) -> dict[str, Any]:
    from president.bus.auth import permission_table  # pure data, no I/O

    return {
        "natsUser": {
            "type": "userPassword",
            "description": _SECURITY,
            "x-roles": permission_table(prefix),
        }
    }


def render(prefix: str = DEFAULT_PREFIX) -> str:
    """The document as the committed JSON text (stable: same code, same bytes)."""
    return json.dumps(build(prefix), indent=2, ensure_ascii=False) + "\n"
