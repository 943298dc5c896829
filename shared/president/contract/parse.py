"""Raw request bytes to a typed command, or a MALFORMED rejection: never an exception."""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter, ValidationError

from president.contract.codes import RejectionCode
from president.contract.commands import TABLE_COMMANDS, AnyCommand, GameCommand
from president.contract.replies import Rejected
from president.contract.subjects import parse_command_subject

_GAME = TypeAdapter(GameCommand)
_MAX_DETAIL = 300


def parse_command(subject: str, raw: bytes) -> AnyCommand | Rejected:
    """The command that ``raw`` on ``subject`` holds, or ``Rejected(MALFORMED)``.

    Table commands are named by the subject's last token (a ``type`` in the body is
    optional but must agree); game commands name the table in the subject and their
    ``type`` in the body (a ``table_id`` in the body is optional but must agree).
    """
    try:
        return _parse(subject, raw)
    except Exception as exc:  # a parser that raises would leave a request unanswered
        return _malformed(None, f"unreadable message: {type(exc).__name__}")


def _parse(subject: str, raw: bytes) -> AnyCommand | Rejected:
    target = parse_command_subject(subject)
    if target is None:
        return _malformed(None, f"{subject!r} is not a command subject")
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        return _malformed(None, f"not JSON: {exc}")
    if not isinstance(body, dict):
        return _malformed(None, "a command must be a JSON object")
    command_id = body.get("command_id") if isinstance(body.get("command_id"), str) else None
    kind, name = target
    if kind == "table":
        return _table_command(name, body, command_id)
    return _game_command(name, body, command_id)


def _table_command(
    name: str, body: dict[str, Any], command_id: str | None
) -> AnyCommand | Rejected:
    model = TABLE_COMMANDS.get(name)
    if model is None:
        return _malformed(command_id, f"unknown table command {name!r}")
    if body.setdefault("type", name) != name:
        return _malformed(command_id, f"type {body['type']!r} sent to {name!r}")
    try:
        return model.model_validate_json(json.dumps(body))
    except ValidationError as exc:
        return _malformed(command_id, _errors(exc))


def _game_command(
    table_id: str, body: dict[str, Any], command_id: str | None
) -> AnyCommand | Rejected:
    if body.setdefault("table_id", table_id) != table_id:
        return _malformed(command_id, f"table_id {body['table_id']!r} sent to table {table_id!r}")
    try:
        return _GAME.validate_json(json.dumps(body))
    except ValidationError as exc:
        return _malformed(command_id, _errors(exc))


def _errors(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False, include_input=False):
        where = ".".join(str(item) for item in error["loc"]) or "message"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)[:_MAX_DETAIL]


def _malformed(command_id: str | None, detail: str) -> Rejected:
    return Rejected(
        command_id=command_id, code=RejectionCode.MALFORMED, detail=detail[:_MAX_DETAIL]
    )
