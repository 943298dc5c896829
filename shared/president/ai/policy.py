"""The port every AI level implements, and the async helper services use."""

from __future__ import annotations

import asyncio
from typing import Protocol

from president.rules import Action, Observation


class HistoryMissing(Exception):
    """The level needs the round's move history, which this view leaves out (a prompt's
    view, ``president.rules.without_history``): decide again on the seat's full view
    (``GetView``). Raised before any choice is made, so asking again is safe."""


class Policy(Protocol):
    """Decides one seat's action from that seat's view only.

    ``decide`` returns one of ``view.legal_actions``: a play or pass when the
    seat is to act, an exchange return when ``view.phase == "exchange"`` and
    ``view.owed_return`` is set. It reads nothing but the view (never a
    ``GameState``) and keeps no memory between calls, so any worker may take
    any decision and, with the same seed, takes the same one. A level that needs
    ``view.history`` and finds it left out raises ``HistoryMissing``.
    """

    def decide(self, view: Observation) -> Action: ...


async def decide_async(policy: Policy, view: Observation) -> Action:
    """``policy.decide(view)`` in a worker thread, so a long decision never blocks the loop."""
    return await asyncio.to_thread(policy.decide, view)
