"""The command cycle both writing services share (above the game and the store).

:func:`answer` parses a request and encodes its one reply; :class:`CommandCycle` decides a
command on its stream and appends what it causes. Pure decisions come from
``president.game``; the store is reached through its port only.
"""

from president.commands.answer import BUSY, admit, answer, run
from president.commands.cycle import (
    FINGERPRINT,
    REQUESTED_BY,
    REQUESTED_BY_ROLE,
    CommandCycle,
    Earlier,
    Held,
    Identified,
    accepted,
    fingerprint,
    identified,
    rejection,
    sender_of,
)
from president.commands.limits import RateLimits

__all__ = [
    "BUSY",
    "FINGERPRINT",
    "REQUESTED_BY",
    "REQUESTED_BY_ROLE",
    "CommandCycle",
    "Earlier",
    "Held",
    "Identified",
    "RateLimits",
    "accepted",
    "admit",
    "answer",
    "fingerprint",
    "identified",
    "rejection",
    "run",
    "sender_of",
]
