"""Turn prompts and AI decision requests, derived from a folded game (pure)."""

from __future__ import annotations

from president.contract import DEFAULT_AI_BUDGET_MS, AILevel, DecisionRequest, SeatView, TurnPrompt
from president.game.fold import Game
from president.game.tokens import ai_seat_token
from president.rules import observe


def prompts_for(
    game: Game,
    since: int,
    *,
    secret: str,
    prompt_ai_seats: bool = True,
    budget_ms: int = DEFAULT_AI_BUDGET_MS,
) -> list[TurnPrompt | DecisionRequest]:
    """The messages for every seat whose turn began at or after version ``since``.

    Called for each relayed event (version ``since``) of a game caught up to its last
    version; the messages carry the turn's own version, so repeats are duplicates.
    """
    if game.state is None or game.created is None:
        return []
    out: list[TurnPrompt | DecisionRequest] = []
    for seat, turn_version in sorted(game.turns.items()):
        if turn_version < since:
            continue
        view = SeatView.of(observe(game.state, seat))
        info = game.created.seats[seat]
        if info.kind == "human" or prompt_ai_seats:
            out.append(
                TurnPrompt(
                    table_id=game.table_id, stream_version=turn_version, seat=seat, view=view
                )
            )
        if info.kind == "ai":
            out.append(
                DecisionRequest(
                    table_id=game.table_id,
                    seat=seat,
                    seat_token=ai_seat_token(secret, game.table_id, seat),
                    level=info.level or AILevel.MEDIUM,
                    stream_version=turn_version,
                    view=view,
                    budget_ms=budget_ms,
                )
            )
    return out
