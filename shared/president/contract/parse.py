"""Raw request bytes to a typed command, or a rejection (``MESSAGE_TOO_LARGE``,
``MALFORMED``): never an exception."""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import TypeAdapter, ValidationError

from president.contract.base import MAX_COMMAND_ID, MAX_JSON_DEPTH, MAX_MESSAGE_BYTES
from president.contract.codes import RejectionCode
from president.contract.commands import TABLE_COMMANDS, AnyCommand, GameCommand
from president.contract.replies import Rejected
from president.contract.subjects import parse_command_subject

_GAME = TypeAdapter(GameCommand)
_MAX_DETAIL = 300
_COMMAND_ID = re.compile(rf"^[\x21-\x7e]{{1,{MAX_COMMAND_ID}}}$")


def parse_command(subject: str, raw: bytes) -> AnyCommand | Rejected:
    """The command that ``raw`` on ``subject`` holds, or ``Rejected`` (``MALFORMED``,
    ``MESSAGE_TOO_LARGE``).

    Table commands are named by the subject's last token (a ``type`` in the body is
    optional but must agree); game commands name the table in the subject and their
    ``type`` in the body (a ``table_id`` in the body is optional but must agree).
    """
    if len(raw) > MAX_MESSAGE_BYTES:
        return too_large(len(raw))
    try:
        target = parse_command_subject(subject)
        if target is None:
            return _malformed(None, f"{subject[:100]!r} is not a command subject")
        kind, name = target
        # A command as it should be is validated once, straight from its bytes, and read
        # once more for keys named twice (which the validation does not see); anything
        # else takes the slow path, which explains what is wrong.
        fast: AnyCommand | Rejected | None
        try:
            if kind == "table":
                model = TABLE_COMMANDS.get(name)
                fast = None if model is None else model.model_validate_json(raw)
            else:
                fast = _GAME.validate_json(raw)
                if fast.table_id != name:
                    detail = f"table_id {fast.table_id!r} sent to table {name!r}"
                    fast = _malformed(fast.command_id, detail)
            if fast is not None:
                json.loads(raw, object_pairs_hook=unique_keys)
                return fast
        except (ValidationError, DuplicateKey):
            pass
        return _explained(kind, name, raw)
    except Exception as exc:  # a parser that raises would leave a request unanswered
        return _malformed(None, f"unreadable message: {type(exc).__name__}")


def too_large(size: int) -> Rejected:
    """The reply to a body of ``size`` bytes, more than ``MAX_MESSAGE_BYTES``."""
    detail = f"the body is {size} bytes; commands are at most {MAX_MESSAGE_BYTES} bytes"
    return Rejected(
        command_id=None,
        code=RejectionCode.MESSAGE_TOO_LARGE,
        detail=detail,
        params={"max_bytes": MAX_MESSAGE_BYTES},
    )


def _explained(kind: str, name: str, raw: bytes) -> AnyCommand | Rejected:
    """What is wrong with ``raw``, a ``kind`` command ``name`` the fast path did not take
    (or the command, when its body leaves out what the subject says: a table command's
    ``type``, a game command's ``table_id``)."""
    try:
        body = json.loads(raw, object_pairs_hook=unique_keys)
    except DuplicateKey as exc:
        return _malformed(None, str(exc))
    except RecursionError:
        return _malformed(None, f"JSON nested deeper than {MAX_JSON_DEPTH}")
    except (ValueError, UnicodeDecodeError) as exc:
        return _malformed(None, f"not JSON: {exc}")
    if not isinstance(body, dict):
        return _malformed(None, "a command must be a JSON object")
    raw_id = body.get("command_id")
    command_id = raw_id if isinstance(raw_id, str) and _COMMAND_ID.match(raw_id) else None
    if json_depth(body) > MAX_JSON_DEPTH:
        return _malformed(command_id, f"JSON nested deeper than {MAX_JSON_DEPTH}")
    if kind == "table":
        return _table_command(name, body, command_id)
    return _game_command(name, body, command_id)


class DuplicateKey(ValueError):
    """A JSON object names one key twice."""


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``'s ``object_pairs_hook``: :class:`DuplicateKey` for a key named twice."""
    body = dict(pairs)
    if len(body) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(f"the key {key[:64]!r} appears twice in one object")
            seen.add(key)
    return body


def json_depth(value: Any) -> int:
    """How deep ``value`` nests lists and dicts (iterative: no recursion to exhaust)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_JSON_DEPTH:
                children = item.values() if isinstance(item, dict) else item
                stack.extend((child, depth + 1) for child in children)
    return deepest


def _table_command(
    name: str, body: dict[str, Any], command_id: str | None
) -> AnyCommand | Rejected:
    model = TABLE_COMMANDS.get(name)
    if model is None:
        return _malformed(command_id, f"unknown table command {name[:64]!r}")
    if body.setdefault("type", name) != name:
        return _malformed(command_id, f"type {str(body['type'])[:64]!r} sent to {name!r}")
    try:
        return model.model_validate_json(json.dumps(body))
    except ValidationError as exc:
        return _malformed(command_id, _errors(exc))


def _game_command(
    table_id: str, body: dict[str, Any], command_id: str | None
) -> AnyCommand | Rejected:
    if body.setdefault("table_id", table_id) != table_id:
        detail = f"table_id {str(body['table_id'])[:64]!r} sent to table {table_id!r}"
        return _malformed(command_id, detail)
    try:
        return _GAME.validate_json(json.dumps(body))
    except ValidationError as exc:
        return _malformed(command_id, _errors(exc))


def _errors(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False, include_input=False):
        where = ".".join(str(item)[:32] for item in error["loc"][:4]) or "message"
        parts.append(f"{where}: {error['msg'][:120]}")
    return "; ".join(parts)[:_MAX_DETAIL]


def _malformed(command_id: str | None, detail: str) -> Rejected:
    return Rejected(
        command_id=command_id, code=RejectionCode.MALFORMED, detail=detail[:_MAX_DETAIL]
    )
