"""Rebuild a game from the Postgres log and compare it with what the services reported."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from president import fairness
from president.contract import stream_id_of_game
from president.game import DealCommitted, GameCreated, SeedRevealed
from president.rules import GameState, Options, ReplayError, event_from_dict, replay
from president.store import EventStore, RecordedEvent

SERVICE_EVENTS = ("GameCreated", "DealCommitted", "SeedRevealed")


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


def rebuild(events: Sequence[RecordedEvent]) -> tuple[GameState, list[str]]:
    """The state the log's rules events lead to (replay never shuffles: the deal is data),
    and the problems with the log's shape or its deals' commitments."""
    problems: list[str] = []
    versions = [e.version for e in events]
    if versions != list(range(1, len(events) + 1)):
        problems.append(f"versions are not contiguous from 1: {versions[:5]}...")
    if not events or events[0].type != "GameCreated":
        raise ReplayError(0, "the game stream does not start with GameCreated")
    created = GameCreated.model_validate(events[0].data)
    options = Options(
        players=created.players,
        revolution=created.options.revolution,
        rounds=created.options.rounds,
        round_leader=created.options.round_leader,
    )
    problems += _deal_problems(created.table_id, created.players, events)
    rules_events = [event_from_dict(e.type, e.data) for e in events if e.type not in SERVICE_EVENTS]
    return replay(options, rules_events), problems


def _deal_problems(table_id: str, players: int, events: Sequence[RecordedEvent]) -> list[str]:
    problems: list[str] = []
    commits = {
        c.round: c
        for c in (DealCommitted.model_validate(e.data) for e in events if e.type == "DealCommitted")
    }
    reveals = {
        r.round: r.seed
        for r in (SeedRevealed.model_validate(e.data) for e in events if e.type == "SeedRevealed")
    }
    dealt = {e.data["round"]: e.data for e in events if e.type == "RoundDealt"}
    for number, commit in sorted(commits.items()):
        if not fairness.verify_commitment(table_id, number, commit.seed, commit.commitment):
            problems.append(f"round {number}: the seed does not match its commitment")
        hands = [list(h) for h in fairness.hands_from_seed(commit.seed, players, commit.leader)]
        if number in dealt and dealt[number]["hands"] != hands:
            problems.append(f"round {number}: the dealt hands do not follow from the seed")
        if number in reveals and reveals[number] != commit.seed:
            problems.append(f"round {number}: the revealed seed is not the committed one")
    return problems


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
        state, problems = rebuild(events)
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
