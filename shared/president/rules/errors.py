"""Rejection codes: an illegal action changes nothing and gets exactly one of these."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

RejectionParams = dict[str, int | str | list[str]]
"""A rejection's params: numbers (counts, seats, versions), ids, names, lists of cards."""


class RejectionCode(StrEnum):
    """Every code a refusal may carry, the one enum of the rules and the contract.

    The first twelve are the rule codes of RULES.md, in the order they are checked (the
    rules give no other: ``RULE_CODES``); the rest are the services' own. Codes never
    change meaning; new ones may be added.
    """

    BAD_ACTION = "BAD_ACTION"
    WRONG_PHASE = "WRONG_PHASE"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    UNKNOWN_CARD = "UNKNOWN_CARD"
    DUPLICATE_CARD = "DUPLICATE_CARD"
    EMPTY_PLAY = "EMPTY_PLAY"
    TOO_MANY_CARDS = "TOO_MANY_CARDS"
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    MIXED_RANKS = "MIXED_RANKS"
    LEADER_CANNOT_PASS = "LEADER_CANNOT_PASS"
    WRONG_COUNT = "WRONG_COUNT"
    NOT_HIGHER = "NOT_HIGHER"

    MALFORMED = "MALFORMED"
    """Not JSON, not an object, unknown command, a field missing, of the wrong type, too
    long, with a control character, or JSON nested too deep. Resending it cannot succeed."""
    MESSAGE_TOO_LARGE = "MESSAGE_TOO_LARGE"
    """The body is larger than ``MAX_MESSAGE_BYTES``: refused unread (no command id echoed)."""
    RATE_LIMITED = "RATE_LIMITED"
    """This identity sent more commands than its rate allows; nothing was read or changed.
    Slow down and resend (the same command id is fine)."""
    TOO_MANY_TABLES = "TOO_MANY_TABLES"
    """This identity already has as many open tables as it may; start or finish one first."""
    UNKNOWN_TABLE = "UNKNOWN_TABLE"
    UNKNOWN_SEAT = "UNKNOWN_SEAT"
    """A seat number outside the table's seats."""
    SEAT_TAKEN = "SEAT_TAKEN"
    TABLE_FULL = "TABLE_FULL"
    TABLE_EXISTS = "TABLE_EXISTS"
    INVALID_OPTIONS = "INVALID_OPTIONS"
    BAD_TOKEN = "BAD_TOKEN"
    COMMAND_ID_REUSED = "COMMAND_ID_REUSED"
    """This identity sent this command id before with another command: its first answer
    is not given again and nothing changed. (Command ids are kept per sender: another
    identity's id never answers or blocks this one's.)"""
    TABLE_CLOSED = "TABLE_CLOSED"
    """The table was closed before its game started (``CloseTable``: its opener closed it,
    the public lobby when it stayed unstarted too long); nothing more happens at it."""
    STALE_VERSION = "STALE_VERSION"
    """``expected_version`` is not the stream's current version; nothing changed."""
    GAME_ALREADY_STARTED = "GAME_ALREADY_STARTED"
    GAME_NOT_STARTED = "GAME_NOT_STARTED"
    NOT_ENOUGH_PLAYERS = "NOT_ENOUGH_PLAYERS"
    INTERNAL_ERROR = "INTERNAL_ERROR"
    """The service failed on this command; it may or may not have taken effect. A resend
    with the same command id answers what happened once the fault is gone (it is never
    the answer to a malformed command: that is ``MALFORMED``)."""
    TURN_TIMED_OUT = "TURN_TIMED_OUT"
    """The seat's turn ran out of time and the takeover level played it before this
    action got in (the action is late; the seat acts again when it is due again)."""
    SEAT_LEFT = "SEAT_LEFT"
    """The seat left the table (``Leave``): the takeover level plays it for good."""
    FORBIDDEN = "FORBIDDEN"
    """This identity may not send this command: its id is in a namespace the services keep
    for their own commands (``ai:``, ``timeout:``, ``takeover:``, ``start:``), it acts
    for a seat another identity took (an AI seat: only the AI workers), or it is the public
    lobby (``web``) seating people at, or starting, a table it did not open. Nothing was
    changed; resending it cannot succeed."""


RULE_CODES: frozenset[RejectionCode] = frozenset(
    list(RejectionCode)[: list(RejectionCode).index(RejectionCode.NOT_HIGHER) + 1]
)
"""The codes of RULES.md: the only ones the rules engine gives."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """An action or command that changes nothing, with its stable code: what the rules
    answer an illegal action, and what the services' decisions answer (the contract's
    ``Rejected`` reply is built from it)."""

    code: RejectionCode
    detail: str = ""
    params: RejectionParams = field(default_factory=dict)
    """The numbers and names a message for a person needs (``detail`` is for logs)."""
    final: bool = False
    """A refusal of the command itself (rules, stale version): its retries get the same,
    so the services remember it. One that is not final may change with the stream
    (e.g. GAME_NOT_STARTED)."""


class InvalidGameInput(ValueError):
    """Options or deals that break the format (bad deal, wrong player count)."""
