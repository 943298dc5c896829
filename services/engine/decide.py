"""The engine's decisions, pure: a command or a start request in, the events to append out.

A round that ends in an append gets its ``SeedRevealed`` right after ``RoundEnded``;
when another round is due, the same append commits to a fresh seed
(``DealCommitted``) and records the deal it determines (``RoundDealt`` ...).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from president import fairness
from president.contract import (
    AILevel,
    AISeated,
    DealCommitted,
    GameAction,
    GameCreated,
    GameSeat,
    PlayCards,
    RejectionCode,
    ReturnCards,
    SeatTaken,
    SeedRevealed,
    TableCreated,
    from_rule_code,
)
from president.contract.events import EventData
from president.rules import (
    RULES_VERSION,
    Action,
    Event,
    GameState,
    Pass,
    Phase,
    Play,
    Rejected,
    Return,
    apply_action,
    apply_deal,
    new_game,
)
from president.store import NewEvent

from services.engine.game import Game
from services.engine.tokens import ai_seat_token, token_sha256

NewSeed = Callable[[], str]


@dataclass(frozen=True)
class Refusal:
    """A command that changes nothing, with its stable code."""

    code: RejectionCode
    detail: str = ""
    final: bool = False
    """A refusal of the command itself (rules, stale version): its retries get the same."""


def start_command_id(table_id: str) -> str:
    """The command id of a game's creation: a redelivered start request is a no-op."""
    return f"start:{table_id}"


def to_rules_action(command: GameAction) -> Action:
    """The rules action a game command asks for."""
    if isinstance(command, PlayCards):
        return Play(command.seat, tuple(command.cards))
    if isinstance(command, ReturnCards):
        return Return(command.seat, tuple(command.cards))
    return Pass(command.seat)


def decide_action(
    game: Game, command: GameAction, new_seed: NewSeed = fairness.new_seed
) -> list[NewEvent] | Refusal:
    """The events ``command`` causes in ``game``, or the rules' refusal."""
    state = game.state
    if state is None:
        return Refusal(RejectionCode.GAME_NOT_STARTED, "the game has not started")
    outcome = apply_action(state, to_rules_action(command))
    if isinstance(outcome, Rejected):
        return Refusal(from_rule_code(outcome.code), outcome.detail, final=True)
    meta = _metadata(command.command_id, game.table_id, f"seat:{command.seat}")
    events: list[NewEvent] = []
    for event in outcome.events:
        events.append(_rules_event(event, meta))
        if event.type == "RoundEnded":
            seed = game.current_seed() or ""
            events.append(_service_event(SeedRevealed(round=state.round, seed=seed), meta))
    if outcome.state.phase is Phase.DEAL:
        events.extend(_deal(game.table_id, outcome.state, new_seed(), meta))
    return events


def decide_start(
    table_id: str,
    table_events: Iterable[tuple[str, Mapping[str, Any]]],
    *,
    secret: str,
    seed: str,
    causation_id: str = "",
) -> list[NewEvent] | Refusal:
    """GameCreated, round 1's commitment and deal, from the ``(type, data)`` of the table
    stream; refused while a seat is free."""
    created: TableCreated | None = None
    seats: dict[int, GameSeat] = {}
    for event_type, data in table_events:
        if event_type == "TableCreated":
            created = TableCreated.model_validate(data)
            for seat, level in created.ai_seats.items():
                seats[seat] = _ai_seat(secret, table_id, seat, level)
        elif event_type == "AISeated":
            seated = AISeated.model_validate(data)
            seats[seated.seat] = _ai_seat(secret, table_id, seated.seat, seated.level)
        elif event_type == "SeatTaken":
            taken = SeatTaken.model_validate(data)
            seats[taken.seat] = GameSeat(
                seat=taken.seat,
                kind="human",
                player_name=taken.player_name,
                token_sha256=taken.token_sha256,
            )
    if created is None:
        return Refusal(RejectionCode.UNKNOWN_TABLE, f"table {table_id} was never created")
    free = [seat for seat in range(created.players) if seat not in seats]
    if free:
        return Refusal(RejectionCode.NOT_ENOUGH_PLAYERS, f"seats {free} are free")
    game = GameCreated(
        table_id=table_id,
        rules_version=RULES_VERSION,
        players=created.players,
        options=created.options,
        seats=[seats[seat] for seat in range(created.players)],
    )
    meta = _metadata(start_command_id(table_id), table_id, "engine", causation_id)
    state = new_game(game.rules_options())
    return [_service_event(game, meta), *_deal(table_id, state, seed, meta)]


def _ai_seat(secret: str, table_id: str, seat: int, level: AILevel) -> GameSeat:
    token = ai_seat_token(secret, table_id, seat)
    return GameSeat(seat=seat, kind="ai", level=level, token_sha256=token_sha256(token))


def _deal(table_id: str, state: GameState, seed: str, meta: dict[str, str]) -> list[NewEvent]:
    round_number = state.round + 1
    commitment = fairness.commitment(table_id, round_number, seed)
    committed = DealCommitted(
        round=round_number, leader=state.leader, commitment=commitment, seed=seed
    )
    hands = fairness.hands_from_seed(seed, state.players, state.leader)
    dealt = apply_deal(state, hands)
    return [_service_event(committed, meta), *(_rules_event(e, meta) for e in dealt.events)]


def _metadata(command_id: str, table_id: str, actor: str, causation_id: str = "") -> dict[str, str]:
    return {
        "command_id": command_id,
        "causation_id": causation_id or command_id,
        "correlation_id": table_id,
        "actor": actor,
    }


def _rules_event(event: Event, meta: Mapping[str, str]) -> NewEvent:
    return NewEvent(type=event.type, data=event.to_dict(), metadata=dict(meta))


def _service_event(data: EventData, meta: Mapping[str, str]) -> NewEvent:
    return NewEvent(
        type=type(data).__name__, data=data.model_dump(mode="json"), metadata=dict(meta)
    )
