"""The versioned envelope every message of the contract shares."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

SCHEMA_VERSION: Literal[1] = 1
"""The envelope version of every message this code writes and the only one it reads."""

TableId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
"""A table id is one NATS subject token: letters, digits, '-' and '_' (1 to 64)."""

CommandId = Annotated[str, StringConstraints(min_length=1, max_length=200)]
"""Chosen by the sender; the same id twice is one command (one effect, the same reply)."""

Seat = Annotated[int, Field(ge=0, le=5)]
Version = Annotated[int, Field(ge=0)]


class AILevel(StrEnum):
    """The AI levels of the rules sheets."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class Message(BaseModel):
    """Base of every message: ``schema_version`` (always 1 for now) and ``type``.

    Unknown fields are refused, and nothing is coerced (``"1"`` is not a seat). A message
    the services send always holds every field, defaults included: its JSON Schema in
    serialization mode says so (every field required).
    """

    model_config = ConfigDict(
        extra="forbid", strict=True, frozen=True, json_schema_serialization_defaults_required=True
    )

    schema_version: Literal[1] = SCHEMA_VERSION
