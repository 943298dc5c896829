"""The command cycle both writing services share (above the game and the store).

:func:`answer` parses a request and encodes its one reply; :class:`CommandCycle` decides a
command on its stream and appends what it causes. Pure decisions come from
``president.game``; the store is reached through its port only.
"""

from president.commands.answer import answer
from president.commands.cycle import CommandCycle, Held, Identified, accepted, rejection

__all__ = ["CommandCycle", "Held", "Identified", "accepted", "answer", "rejection"]
