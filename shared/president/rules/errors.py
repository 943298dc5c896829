"""Rejection codes: an illegal action changes nothing and gets exactly one of these."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

RejectionParams = dict[str, int | str | list[str]]
"""A rejection's params: numbers (counts, seats, versions), ids, names, lists of cards."""


class RejectionCode(StrEnum):
    """The stable codes of RULES.md, in the order they are checked."""

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


@dataclass(frozen=True, slots=True)
class Rejected:
    """The answer to an illegal action: the state it was applied to is unchanged."""

    code: RejectionCode
    detail: str = ""
    params: RejectionParams = field(default_factory=dict)
    """The numbers and names a message for a person needs (``detail`` is for logs)."""


class InvalidGameInput(ValueError):
    """Options or deals that break the format (bad deal, wrong player count)."""
