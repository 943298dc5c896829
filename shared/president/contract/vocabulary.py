"""Every enum on the wire with what it means, and the params each rejection code carries.

The AsyncAPI document lists them; a client chooses its words by these ids and codes.
"""

from __future__ import annotations

from president.contract.base import AILevel
from president.contract.codes import RejectionCode as Code

TITLES: dict[str, str] = {
    "president": "First out of the round.",
    "vice_president": "Second out (4 players or more).",
    "neutral": "A middle place that has no title: second of 3, third of 5, third and fourth of 6.",
    "vice_asshole": "Second to last (4 players or more).",
    "asshole": "Last: the one still holding cards when the round ends.",
}
"""Title ids (``RoundEnded.titles``, ``PlayerFinished.title``), from first place to last."""

AI_LEVELS: dict[AILevel, str] = {
    AILevel.EASY: "Plays the lowest legal combination, with a little randomness, no lookahead.",
    AILevel.MEDIUM: "A stable heuristic: keeps the top rank and fours to take the lead back, "
    "avoids breaking pairs and triples (the sheets' label: Normal, Croatian Srednja).",
    AILevel.HARD: "Counts the unseen cards per rank, plans how to get out, evaluates several "
    "action sequences.",
}

REJECTIONS: dict[Code, str] = {
    Code.BAD_ACTION: "The action is malformed (no seat, not exactly one of play/pass/return).",
    Code.WRONG_PHASE: "Not allowed now: a play during the exchange, anything after the end.",
    Code.NOT_YOUR_TURN: "The seat is not to act, or owes no return.",
    Code.UNKNOWN_CARD: "A card string that is not one of the 52.",
    Code.DUPLICATE_CARD: "The same card twice in one action.",
    Code.EMPTY_PLAY: "A play of no cards.",
    Code.TOO_MANY_CARDS: "A play of more than four cards.",
    Code.CARD_NOT_IN_HAND: "A card the seat does not hold.",
    Code.MIXED_RANKS: "A play of cards of different ranks.",
    Code.LEADER_CANNOT_PASS: "A pass on an empty trick.",
    Code.WRONG_COUNT: "Another number of cards than the trick's, or a return of the wrong size.",
    Code.NOT_HIGHER: "A follow whose rank is equal or lower in the current order.",
    Code.MALFORMED: "Not a readable command (JSON, fields, types, lengths).",
    Code.MESSAGE_TOO_LARGE: "The body is larger than the services read.",
    Code.RATE_LIMITED: "This identity sent more commands than its rate allows.",
    Code.TOO_MANY_TABLES: "This identity has as many open tables as it may.",
    Code.UNKNOWN_TABLE: "No such table.",
    Code.UNKNOWN_SEAT: "A seat number outside the table's seats.",
    Code.SEAT_TAKEN: "The seat is taken.",
    Code.TABLE_FULL: "The table has no free seat.",
    Code.TABLE_EXISTS: "A table of that id exists.",
    Code.INVALID_OPTIONS: "The table's options are not valid.",
    Code.BAD_TOKEN: "The seat token is not the seat's.",
    Code.COMMAND_ID_REUSED: "The command id was first sent by another identity or command.",
    Code.TABLE_CLOSED: "The table was closed before its game started.",
    Code.STALE_VERSION: "``expected_version`` is not the stream's current version.",
    Code.GAME_ALREADY_STARTED: "The table's game has started.",
    Code.GAME_NOT_STARTED: "The table's game has not started.",
    Code.NOT_ENOUGH_PLAYERS: "A seat is still free.",
    Code.INTERNAL_ERROR: "The service failed on this command; resend it with the same id.",
    Code.TURN_TIMED_OUT: "The turn ran out of time and the takeover level played it first.",
    Code.SEAT_LEFT: "The seat left the table.",
    Code.FORBIDDEN: "This identity may not send this command (a reserved id, another's seat, "
    "the public lobby at a table it did not open).",
}

_SEAT = "the seat concerned (0-5)"
REJECTION_PARAMS: dict[Code, dict[str, str]] = {
    Code.WRONG_PHASE: {"phase": "the phase now: deal, exchange, play or game_over"},
    Code.NOT_YOUR_TURN: {
        "to_act": "the seat whose turn it is (a play or pass)",
        "seat": "the seat that owes no return (a return; then no to_act)",
    },
    Code.UNKNOWN_CARD: {"card": "the string that names no card"},
    Code.DUPLICATE_CARD: {"card": "the card sent twice"},
    Code.CARD_NOT_IN_HAND: {"cards": "the cards sent that the seat does not hold"},
    Code.WRONG_COUNT: {"count": "how many cards the play or return must have"},
    Code.NOT_HIGHER: {"rank": "the rank to beat (3 ... 10, J, Q, K, A, 2)"},
    Code.MESSAGE_TOO_LARGE: {"max_bytes": "the largest body read"},
    Code.TOO_MANY_TABLES: {"max": "the open tables an identity may have"},
    Code.UNKNOWN_TABLE: {"table_id": "the table asked for"},
    Code.UNKNOWN_SEAT: {"seat": "the seat asked for"},
    Code.SEAT_TAKEN: {"seat": _SEAT},
    Code.STALE_VERSION: {
        "expected": "the expected_version sent",
        "current": "the stream's version now",
    },
    Code.NOT_ENOUGH_PLAYERS: {"free": "how many seats are free"},
    Code.SEAT_LEFT: {"seat": _SEAT},
}
"""The params each code may carry (every one optional: an older service sends none). A
code that is not listed carries none."""
