"""From a DecisionRequest to the command that carries the decision (no I/O)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from president.ai import HistoryMissing
from president.contract import DecisionRequest, GameAction
from president.game.decide import to_game_command
from president.rules import Action, Observation

log = logging.getLogger(__name__)

Decide = Callable[[Observation], Action]


def command_for(request: DecisionRequest, action: Action) -> GameAction:
    """The game command of ``action``, sent with the seat's token and the decision's id.

    No ``expected_version``: in the exchange two seats decide on one version, and the
    deterministic command id already makes a redelivered decision harmless.
    """
    return to_game_command(
        action,
        table_id=request.table_id,
        seat_token=request.seat_token,
        command_id=request.command_id,
    )


def decision(
    request: DecisionRequest, decide: Decide, view: Observation | None = None
) -> GameAction:
    """Rebuild the seat's view and decide on it (blocking: a slow level runs it in a thread);
    ``view``: the seat's full view, when the request's lacked what the level needs.

    A policy that fails or answers outside the legal actions is replaced by the first
    legal action, so a request is never left without an answer. ``HistoryMissing`` is
    raised: the level needs the round's history, which the request's view leaves out.
    """
    view = request.view.to_rules() if view is None else view
    try:
        action = decide(view)
    except HistoryMissing:
        raise
    except Exception:
        log.exception("policy failed on %s seat %s", request.table_id, request.seat)
        action = view.legal_actions[0]
    if action not in view.legal_actions:
        log.error("policy chose an illegal %r; playing the first legal action", action)
        action = view.legal_actions[0]
    return command_for(request, action)
