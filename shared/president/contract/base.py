"""The versioned envelope every message of the contract shares."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, Strict, StringConstraints

SCHEMA_VERSION: Literal[1] = 1
"""The envelope version of every message this code writes and the only one it reads."""
CONTRACT_MINOR = 1
"""The contract's additive revision within ``SCHEMA_VERSION`` (the AsyncAPI document's
version is ``{SCHEMA_VERSION}.{CONTRACT_MINOR}.0``). 1.1: a prompt's or decision request's
``SeatView`` leaves out ``history`` and carries ``played`` and ``moves``; a 1.1 reader
still reads 1.0 views. docs/contract.md, "Contract revisions", lists every revision."""

TableId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
"""A table id is one NATS subject token: letters, digits, '-' and '_' (1 to 64)."""

PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f]*$"
"""The character set of every free-text field: any Unicode character but the control
characters (C0, DEL and C1: ``\\u0000``-``\\u001f``, ``\\u007f``-``\\u009f``)."""

MAX_COMMAND_ID = 128
MAX_TABLE_NAME = 100
MAX_PLAYER_NAME = 64
MAX_SEAT_TOKEN = 64

MAX_MESSAGE_BYTES = 16 * 1024
"""The largest command or query body a service reads (bytes, UTF-8 JSON): far below the
NATS server's ``max_payload`` (``MAX_PAYLOAD``), so that no accepted command can cause an
event or a reply the server refuses. A larger body is ``MESSAGE_TOO_LARGE``, refused
before it is parsed."""

MAX_PAYLOAD = 512 * 1024
"""The NATS server's ``max_payload`` in every deployment (rendered into its configuration
by ``president.bus.auth.render_auth_conf``: the embedded servers, the tests', compose and
k8s): the largest message anyone may publish. Just above the largest legitimate message,
with room to spare: a ``ListTables`` reply of 100 tables with every name at its longest in
4-byte characters is 272 kB (``tests/unit/contract/test_limits.py``); commands are 16 KiB
at most, events and views a few kB. A client that publishes more is refused by the server
itself, which reads no further than the message's size and closes the connection
(``-ERR 'Maximum Payload Violation'``; nats-py refuses before sending): a flood of 1 MiB
bodies costs the services nothing. An event over it is withheld by the relay."""

MAX_QUEUED = 1_000
"""Admitted commands one client identity may have waiting for a slot of one service
instance (``president.bus.command_server.CommandServer``); beyond, RATE_LIMITED at once."""

MAX_JSON_DEPTH = 8
"""The deepest nesting of JSON objects and arrays a command may hold (a legal command
needs 3): deeper is ``MALFORMED``."""

CommandId = Annotated[
    str,
    StringConstraints(min_length=1, max_length=MAX_COMMAND_ID, pattern=r"^[\x21-\x7e]+$"),
]
"""Chosen by the sender (1 to 128 printable ASCII characters, no spaces: a UUID fits);
the same id twice is one command (one effect, the same reply)."""

TableName = Annotated[str, StringConstraints(max_length=MAX_TABLE_NAME, pattern=PRINTABLE)]
"""A table's display name: up to 100 characters, no control characters."""

PlayerName = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_PLAYER_NAME, pattern=PRINTABLE)
]
"""A player's display name: 1 to 64 characters, no control characters."""

SeatToken = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_SEAT_TOKEN, pattern=r"^[A-Za-z0-9_-]+$")
]
"""A seat token as the TakeSeat reply gave it (URL-safe base64, 43 characters today)."""

Card = Annotated[str, StringConstraints(max_length=8, pattern=PRINTABLE)]
"""A card in wire notation (``3C``, ``10H``, ``QS``); a short string that names no card is
``UNKNOWN_CARD`` (a rule code), a long one or one with control characters ``MALFORMED``."""

Seat = Annotated[int, Field(ge=0, le=5)]
Version = Annotated[int, Field(ge=0)]

JsonBool = Annotated[bool, Strict()]
"""A JSON boolean: ``true`` or ``false``, nothing else (``"no"``, ``0``, ``"TRUE"`` are
``MALFORMED``). Strict in every mode, so a model that is not strict (a stored event's
options) holds it too; what is stored was written as a boolean."""
JsonInt = Annotated[int, Strict()]
"""A JSON integer written as one: ``2``, not ``"2"``, ``2.0`` or ``true``."""
JsonNumber = Annotated[float, Strict()]
"""A JSON number: ``5`` or ``1.5``, not ``"5"`` or ``true``."""

SEAT_KEY = r"^(0|[1-9][0-9]{0,2})$"
"""A seat number as an object key (JSON keys are strings): ``"0"``, ``"1"``... with no sign,
leading zero or space, so that two keys never name one seat."""
_SEAT_KEY = re.compile(SEAT_KEY)


def _canonical_seat_key(key: object) -> object:
    if isinstance(key, str) and not _SEAT_KEY.fullmatch(key):
        raise ValueError(f"{key[:8]!r} is not a seat number (0, 1, 2...: no sign, no leading 0)")
    return int(key) if isinstance(key, str) else key


SeatKey = Annotated[int, BeforeValidator(_canonical_seat_key)]
"""A seat number keying an object (``ai_seats``): a canonical number (``SEAT_KEY``)."""


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
