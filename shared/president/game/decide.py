"""The engine's decisions, pure: a command or a start request in, the events to append out.

A round that ends in an append gets its ``SeedRevealed`` right after ``RoundEnded``;
when another round is due, the same append commits to a fresh seed
(``DealCommitted``) and records the deal it determines (``RoundDealt`` ...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from president import fairness
from president.contract import (
    GameAction,
    PlayCards,
    RejectionCode,
    ReturnCards,
    from_rule_code,
)
from president.contract import Pass as ContractPass
from president.game.events import DealCommitted, EventData, GameCreated, GameSeat, SeedRevealed
from president.game.fold import Game
from president.game.metadata import metadata
from president.game.refusal import Refusal
from president.game.table import Seat, TableState
from president.game.tokens import ai_seat_token, token_sha256
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

NewSeed = Callable[[], str]


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


def to_game_command(
    action: Action, *, table_id: str, seat_token: str, command_id: str
) -> GameAction:
    """The game command that asks for the rules action ``action`` (no expected version)."""
    seat = action.seat
    if isinstance(action, Play):
        cards = list(action.cards)
        return PlayCards(
            command_id=command_id, table_id=table_id, seat=seat, seat_token=seat_token, cards=cards
        )
    if isinstance(action, Return):
        cards = list(action.cards)
        return ReturnCards(
            command_id=command_id, table_id=table_id, seat=seat, seat_token=seat_token, cards=cards
        )
    return ContractPass(command_id=command_id, table_id=table_id, seat=seat, seat_token=seat_token)


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
    meta = metadata(command.command_id, correlation_id=game.table_id, actor=f"seat:{command.seat}")
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
    table: TableState, *, secret: str, seed: str, causation_id: str = ""
) -> list[NewEvent] | Refusal:
    """GameCreated, round 1's commitment and deal, from the folded table stream; refused
    while a seat is free."""
    if not table.exists:
        return Refusal(RejectionCode.UNKNOWN_TABLE, f"table {table.table_id} was never created")
    if table.free_seats:
        return Refusal(RejectionCode.NOT_ENOUGH_PLAYERS, f"seats {list(table.free_seats)} are free")
    game = GameCreated(
        table_id=table.table_id,
        rules_version=RULES_VERSION,
        players=table.players,
        options=table.options,
        seats=[_game_seat(secret, table.table_id, seat) for seat in table.seats],
    )
    meta = metadata(
        start_command_id(table.table_id),
        correlation_id=table.table_id,
        actor="engine",
        causation_id=causation_id,
    )
    state = new_game(game.rules_options())
    return [_service_event(game, meta), *_deal(table.table_id, state, seed, meta)]


def _game_seat(secret: str, table_id: str, seat: Seat) -> GameSeat:
    if seat.kind == "ai":
        token = ai_seat_token(secret, table_id, seat.seat)
        return GameSeat(
            seat=seat.seat, kind="ai", level=seat.level, token_sha256=token_sha256(token)
        )
    return GameSeat(
        seat=seat.seat,
        kind="human",
        player_name=seat.player_name,
        token_sha256=seat.token_sha256 or "",
    )


def _deal(table_id: str, state: GameState, seed: str, meta: dict[str, str]) -> list[NewEvent]:
    round_number = state.round + 1
    commitment = fairness.commitment(table_id, round_number, seed)
    committed = DealCommitted(
        round=round_number, leader=state.leader, commitment=commitment, seed=seed
    )
    hands = fairness.hands_from_seed(seed, state.players, state.leader)
    dealt = apply_deal(state, hands)
    return [_service_event(committed, meta), *(_rules_event(e, meta) for e in dealt.events)]


def _rules_event(event: Event, meta: Mapping[str, str]) -> NewEvent:
    return NewEvent(type=event.type, data=event.to_dict(), metadata=dict(meta))


def _service_event(data: EventData, meta: Mapping[str, str]) -> NewEvent:
    return NewEvent(
        type=type(data).__name__, data=data.model_dump(mode="json"), metadata=dict(meta)
    )
