"""Logging of every process: text for people or one JSON object a line, carrying the ids
of ``log_context`` (``table_id``, ``command_id``, ``correlation_id``)."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Mapping
from contextvars import ContextVar, Token
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Literal, TextIO

LOG_IDS = ("table_id", "command_id", "correlation_id")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s%(ids)s"
QUIET_LOGGERS = ("faststream", "nats")
"""Libraries that log every message or reconnection attempt at INFO; WARNING and up."""

_NO_IDS: Mapping[str, str] = MappingProxyType({})
_ids: ContextVar[Mapping[str, str]] = ContextVar("president_log_ids", default=_NO_IDS)


class log_context:
    """Every line logged inside carries ``ids`` (None values are left out).

    A class rather than a generator: it wraps every command (a few microseconds less)."""

    __slots__ = ("_ids", "_token")

    def __init__(self, **ids: str | None):
        self._ids = ids
        self._token: Token[Mapping[str, str]] | None = None

    def __enter__(self) -> None:
        self._token = bind_ids(**self._ids)

    def __exit__(self, *_: object) -> None:
        if self._token is not None:
            _ids.reset(self._token)


def bind_ids(**ids: str | None) -> Token[Mapping[str, str]]:
    """What ``log_context(**ids)`` does on entering, in one call (the command path's):
    give the token to :func:`unbind_ids` at the end."""
    merged = dict(_ids.get())
    for key, value in ids.items():
        if value:
            merged[key] = value
    return _ids.set(merged)


unbind_ids = _ids.reset
"""Back to the ids before :func:`bind_ids` gave its token."""


def current_ids() -> Mapping[str, str]:
    """The ids of the current context."""
    return _ids.get()


class _WithIds(logging.Filter):
    """Puts the context's ids on the record (``record.ids`` for the text format too)."""

    def filter(self, record: logging.LogRecord) -> bool:
        ids = _ids.get()
        record.log_ids = ids
        record.ids = "".join(f" {key}={value}" for key, value in ids.items())
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, the ids, the process, the error."""

    def __init__(self, process: str):
        super().__init__()
        self._process = process

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": self._process,
        }
        line.update(getattr(record, "log_ids", {}))
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def configure_logging(
    level: str,
    log_format: Literal["text", "json"] = "text",
    process: str = "president",
    stream: TextIO | None = None,
) -> None:
    """Send the root logger's records to ``stream`` (standard error) in ``log_format``
    (replacing any handler set before), at ``level``; chatty libraries at WARNING at least."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(_WithIds())
    if log_format == "json":
        handler.setFormatter(JsonFormatter(process))
    else:
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    numeric = logging.getLevelName(level)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.WARNING, numeric))
