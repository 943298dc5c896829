"""The command path both writing services share: admit a request, decide it on its
stream, append, reply (``path.execute``)."""

from president.command_path.admission import BUSY, RateLimits, admit, run
from president.command_path.path import (
    CommandLog,
    Earlier,
    Held,
    Loaded,
    Sent,
    accepted,
    execute,
    sent,
)

__all__ = [
    "BUSY",
    "CommandLog",
    "Earlier",
    "Held",
    "Loaded",
    "RateLimits",
    "Sent",
    "accepted",
    "admit",
    "execute",
    "run",
    "sent",
]
