"""The AsyncAPI header schemas of every JetStream message, as the relay and the engine send
them (message ids, the President-* headers, JetStream's own)."""

from __future__ import annotations

from typing import Any

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
from president.contract.subjects import Subjects

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


def _verdict_headers(stream: str) -> dict[str, Any]:
    """The headers of a verdict (by the auditor): one message id per game's (round's) end."""
    msg_id = _string(
        "`verdict:<event_id>` of the game's GameEnded (a round's verdict: of its"
        " RoundEnded): a verdict published again (a redelivery after a crash) is dropped"
        " within the duplicate window.",
        f"^verdict:{_UUID}$",
    )
    return {
        "type": "object",
        "required": [MSG_ID, EXPECTED_STREAM],
        "properties": {MSG_ID: msg_id, EXPECTED_STREAM: _expected_stream(stream)},
    }


def headers_of(s: Subjects) -> dict[str, dict[str, Any]]:
    """The headers of each message published on JetStream, by message name."""
    return {
        "PublicEvent": _event_headers(s.events_stream, "public", "public"),
        "SeatEvent": _event_headers(s.events_stream, "seat<n>", "seat[0-5]"),
        "LobbyEvent": _event_headers(s.events_stream, "lobby", "lobby"),
        "TurnPrompt": _prompt_headers(s.prompts_stream, "TurnPrompt"),
        "TurnEnded": _prompt_headers(s.prompts_stream, "TurnEnded"),
        "DecisionRequest": _prompt_headers(s.ai_stream, "DecisionRequest"),
        "AuditPassed": _verdict_headers(s.audit_stream),
        "AuditFailed": _verdict_headers(s.audit_stream),
    }
