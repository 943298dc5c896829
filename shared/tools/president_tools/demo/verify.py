"""Rebuild a game from the Postgres log and compare it with what the services reported."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from president.audit.deals import check_deals
from president.audit.game import read_game
from president.contract import stream_id_of_game
from president.game import CorruptGame, Game
from president.rules import GameState, ReplayError
from president.store import EventStore, RecordedEvent


@dataclass
class Verification:
    """The rebuilt game and every difference found (``ok`` when there is none)."""

    events: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def rebuild(table_id: str, events: Sequence[RecordedEvent]) -> tuple[GameState, list[str]]:
    """The state the log leads to, folded by ``president.game`` as the engine folds it
    (replay never shuffles: the deal is data), and the problems with its deals'
    commitments. A log that breaks the rules raises ``CorruptGame``."""
    game = Game(table_id)
    game.apply(events)
    if game.created is None or game.state is None:
        raise CorruptGame(f"the stream of table {table_id} holds no game")
    return game.state, _deal_problems(game.table_id, events)


def _deal_problems(table_id: str, events: Sequence[RecordedEvent]) -> list[str]:
    """The auditor's check of every deal against its committed and revealed seed."""
    _, problems = check_deals(read_game(table_id, events))
    return [problem.problem for problem in problems]


async def verify_game(
    store: EventStore,
    table_id: str,
    reported_rounds: Sequence[dict[str, Any]],
    reported_scores: Sequence[int],
) -> Verification:
    """Read ``game-{table_id}``, replay it by the rules, compare with the reports."""
    events = await store.read_stream(stream_id_of_game(table_id))
    result = Verification(events=len(events))
    try:
        state, problems = rebuild(table_id, events)
    except (ReplayError, ValueError, KeyError, TypeError) as error:
        result.problems.append(f"the log does not replay: {error}")
        return result
    result.problems += problems
    result.rounds = [{"round": r.round, **r.to_dict()} for r in state.results]
    result.scores = list(state.scores)
    if not state.is_terminal:
        result.problems.append("the rebuilt game is not over")
    if result.rounds != [dict(r) for r in reported_rounds]:
        result.problems.append("the rebuilt rounds differ from the reported ones")
    if result.scores != list(reported_scores):
        result.problems.append(
            f"rebuilt scores {result.scores} differ from reported {list(reported_scores)}"
        )
    return result
