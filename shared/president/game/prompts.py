"""Turn prompts, turn ends and AI decision requests, derived from a folded game (pure)."""

from __future__ import annotations

from datetime import datetime

from president.contract import (
    DEFAULT_AI_BUDGET_MS,
    AILevel,
    DecisionRequest,
    SeatClock,
    SeatView,
    TurnEnded,
    TurnPrompt,
)
from president.game.fold import Game
from president.game.seats import ai_seat_token
from president.rules import observe

Prompt = TurnPrompt | TurnEnded | DecisionRequest


def prompt_view(game: Game, seat: int) -> SeatView:
    """``seat``'s view as a prompt carries it: without the round's move history (contract
    1.1; ``played`` and ``moves`` sum it up, GetView has it). Its size does not grow with
    the round (``tests/unit/engine/test_prompt_size.py``)."""
    assert game.state is not None
    return SeatView.of(observe(game.state, seat), history=False)


def seat_clock(game: Game, seat: int, now: datetime | None = None) -> SeatClock:
    """``seat``'s deadline (and the seconds left at ``now``), away and left, as folded."""
    deadline = game.deadlines.get(seat)
    at = None if deadline is None else deadline.at
    left = None
    if at is not None and now is not None:
        left = round(max(0.0, (at - now).total_seconds()), 3)
    elif deadline is not None and at is not None:
        left = deadline.seconds
    away = game.away.get(seat)
    return SeatClock(
        deadline=at,
        seconds_left=left,
        away=away is not None or seat in game.left,
        away_reason="asked" if away == "asked" else "timeouts" if away == "timeouts" else None,
        left=seat in game.left,
        timeouts_in_row=game.timeouts_in_row.get(seat, 0),
    )


def prompts_for(
    game: Game,
    since: int,
    *,
    secret: str,
    prompt_ai_seats: bool = True,
    budget_ms: int = DEFAULT_AI_BUDGET_MS,
) -> list[Prompt]:
    """The messages for every seat whose turn ended or began at or after version ``since``
    (the ends first, so that a new prompt is the last message of its subject); their views
    are ``prompt_view``'s.

    Called after each commit (its first version ``since``) on the game folded up to it or
    further; the messages carry the turn's own version, so repeats are duplicates.
    """
    if game.state is None or game.created is None:
        return []
    created = game.created
    out: list[Prompt] = [
        TurnEnded(
            table_id=game.table_id,
            stream_version=end.turn_version,
            seat=seat,
            ended_version=end.ended_version,
            reason=end.reason,
        )
        for seat, end in sorted(game.ended.items())
        if end.ended_version >= since
        and (prompt_ai_seats or created.seats[seat].kind == "human")  # its prompt's end
    ]
    for seat, turn_version in sorted(game.turns.items()):
        if turn_version < since:
            continue
        info = game.created.seats[seat]
        view = prompt_view(game, seat)
        if info.kind == "human" or prompt_ai_seats:
            out.append(
                TurnPrompt(
                    table_id=game.table_id,
                    stream_version=turn_version,
                    seat=seat,
                    view=view,
                    clock=seat_clock(game, seat),
                )
            )
        if info.kind == "ai":
            out.append(decision_request(game, seat, secret=secret, budget_ms=budget_ms, view=view))
    return out


def decision_request(
    game: Game,
    seat: int,
    *,
    secret: str,
    budget_ms: int,
    attempt: int = 1,
    view: SeatView | None = None,
) -> DecisionRequest:
    """The AI worker's work for AI seat ``seat``, due in ``game`` (``attempt`` 2: asked
    again, its first request may be lost), with ``prompt_view``'s view unless given."""
    assert game.state is not None and game.created is not None
    deadline = game.deadlines.get(seat)
    return DecisionRequest(
        table_id=game.table_id,
        seat=seat,
        seat_token=ai_seat_token(secret, game.table_id, seat),
        level=game.created.seats[seat].level or AILevel.MEDIUM,
        stream_version=game.turns[seat],
        view=prompt_view(game, seat) if view is None else view,
        budget_ms=budget_ms,
        deadline=None if deadline is None else deadline.at,
        attempt=attempt,
    )
