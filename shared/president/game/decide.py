"""The engine's decisions, pure: a command or a start request in, the events to append out
(seed commitments and reveals, turn deadlines; the time is an argument)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Literal

from president import fairness
from president.contract import (
    Away,
    Back,
    GameAction,
    GameWrite,
    Leave,
    PlayCards,
    RejectionCode,
    ReturnCards,
)
from president.contract import Pass as ContractPass
from president.contract.commands import SeatStatusCommand
from president.contract.options import AI_CLOCK_FACTOR
from president.game.events import (
    DealCommitted,
    EventData,
    GameCreated,
    GameSeat,
    SeatAway,
    SeatBack,
    SeatLeft,
    SeedRevealed,
    TurnDeadlineSet,
    TurnTimedOut,
)
from president.game.fold import TAKEOVER_ACTOR, Game, seats_to_act
from president.game.seats import ai_seat_token, token_sha256
from president.game.table import Seat, TableState
from president.rules import (
    RULES_VERSION,
    Action,
    Event,
    GameState,
    Observation,
    Pass,
    Phase,
    Play,
    Refusal,
    Return,
    apply_action,
    apply_deal,
    new_game,
    observe,
)
from president.store import NewEvent, metadata


@dataclass(frozen=True)
class Decided:
    """The events a command causes and, when the decision computed it, the rules state
    after them: the fold of a committed append takes it instead of replaying the rules."""

    events: list[NewEvent]
    after: GameState | None = None
    due: tuple[int, ...] | None = None
    """The seats due in ``after`` (``seats_to_act(after)``), when the decision worked them
    out for their deadlines: the fold takes them with ``after`` instead of again."""


NewSeed = Callable[[], str]
Choose = Callable[[Observation], Action]
"""The takeover level: one of the view's legal actions."""
TakeoverReason = Literal["timed_out", "away", "left"]


def start_command_id(table_id: str) -> str:
    """The command id of a game's creation: a redelivered start request is a no-op."""
    return f"start:{table_id}"


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
    game: Game, command: GameAction, new_seed: NewSeed = fairness.new_seed, *, now: datetime
) -> Decided | Refusal:
    """The events ``command`` causes in ``game``, or the rules' refusal (TURN_TIMED_OUT
    when the seat's turn was played by the takeover level before the command got in)."""
    state, seat = game.state, command.seat
    if state is None:
        return Refusal(RejectionCode.GAME_NOT_STARTED, "the game has not started")
    if seat in game.left:
        return Refusal(
            RejectionCode.SEAT_LEFT,
            f"seat {seat} left the table",
            final=True,
            params={"seat": seat},
        )
    action: Action = Pass(seat)  # the rules action the command asks for
    if isinstance(command, PlayCards):
        action = Play(seat, tuple(command.cards))
    elif isinstance(command, ReturnCards):
        action = Return(seat, tuple(command.cards))
    meta = metadata(command.command_id, correlation_id=game.table_id, actor=f"seat:{seat}")
    decided = _act(game, action, meta, new_seed, now=now)
    if isinstance(decided, Refusal) and _timed_out(game, seat):
        detail = f"seat {seat}'s turn timed out at version {game.timed_out[seat]}"
        return Refusal(RejectionCode.TURN_TIMED_OUT, detail, final=True)
    return decided


def late_command(game: Game, command: GameWrite) -> Refusal | None:
    """TURN_TIMED_OUT for an action expecting a version the seat's time-out followed: what
    the command path answers such a stale command instead of STALE_VERSION (a command sent
    before gets its first answer, even if the seat timed out since)."""
    if isinstance(command, Leave | Away | Back):
        return None
    seat, expected_version = command.seat, command.expected_version
    timed_out = game.timed_out.get(seat)
    if expected_version is None or timed_out is None or timed_out <= expected_version:
        return None
    detail = f"seat {seat}'s turn timed out at version {timed_out}"
    return Refusal(RejectionCode.TURN_TIMED_OUT, detail, final=True)


def _timed_out(game: Game, seat: int) -> bool:
    ended = game.ended.get(seat)
    return not game.is_due(seat) and ended is not None and ended.reason == "timed_out"


def decide_presence(game: Game, command: SeatStatusCommand, *, now: datetime) -> Decided | Refusal:
    """``Leave``, ``Away``, ``Back``: the seat's presence changes, and a turn it is due
    gets its new deadline (at once when away or left, a fresh clock when back). Saying
    what is already so writes nothing (no events). The rules state stays as it is."""
    state = game.state
    if state is None or game.created is None:
        return Refusal(RejectionCode.GAME_NOT_STARTED, "the game has not started")
    if state.phase is Phase.GAME_OVER:
        return Refusal(
            RejectionCode.WRONG_PHASE, "the game is over", final=True, params={"phase": "game_over"}
        )
    seat = command.seat
    if seat in game.left:
        if isinstance(command, Leave):
            return Decided([], state)
        return Refusal(
            RejectionCode.SEAT_LEFT,
            f"seat {seat} left the table",
            final=True,
            params={"seat": seat},
        )
    data: EventData
    if isinstance(command, Leave):
        data = SeatLeft(seat=seat, player_name=game.created.seats[seat].player_name)
    elif isinstance(command, Away):
        if seat in game.away:
            return Decided([], state)
        data = SeatAway(seat=seat, reason="asked")
    else:
        if seat not in game.away:
            return Decided([], state)
        data = SeatBack(seat=seat)
    meta = metadata(command.command_id, correlation_id=game.table_id, actor=f"seat:{seat}")
    events = [_service_event(data, meta)]
    if game.is_due(seat):
        present = isinstance(command, Back)
        deadline = _deadline(
            game, state, seat, now=now, present=present, away=set() if present else {seat}
        )
        if deadline is not None:
            events.append(_service_event(deadline, meta))
    return Decided(events, state)


def decide_takeover(
    game: Game,
    seat: int,
    turn_version: int,
    *,
    now: datetime,
    choose: Choose,
    command_id: str,
    level: str,
    new_seed: NewSeed = fairness.new_seed,
) -> Decided | Refusal:
    """The takeover level's action for ``seat``, due since ``turn_version``, whose deadline
    has passed: ``TurnTimedOut`` first (and ``SeatAway`` once ``away_after`` time-outs
    in a row), unless the seat is away or left (then played at once, with no time-out).
    Refused (not final) when the turn is over or its deadline is still ahead."""
    state = game.state
    if state is None or game.created is None:
        return Refusal(RejectionCode.GAME_NOT_STARTED, "the game has not started")
    if game.turns.get(seat) != turn_version:
        return Refusal(RejectionCode.NOT_YOUR_TURN, f"seat {seat}'s turn {turn_version} is over")
    deadline = game.deadlines.get(seat)
    if deadline is None or deadline.at is None:
        return Refusal(RejectionCode.NOT_YOUR_TURN, f"seat {seat}'s turn has no deadline")
    if now < deadline.at:
        return Refusal(RejectionCode.NOT_YOUR_TURN, f"seat {seat}'s deadline is ahead")
    reason: TakeoverReason = (
        "left" if seat in game.left else "away" if seat in game.away else "timed_out"
    )
    meta = metadata(command_id, correlation_id=game.table_id, actor="engine")
    events: list[NewEvent] = []
    away: set[int] = set()
    if reason == "timed_out":
        timed_out = TurnTimedOut(seat=seat, deadline=deadline.at, turn_version=turn_version)
        events.append(_service_event(timed_out, meta))
        in_row = game.timeouts_in_row.get(seat, 0) + 1
        away_after = game.created.options.away_after
        human = game.seat_kind(seat) == "human"
        if human and away_after is not None and in_row >= away_after:
            events.append(_service_event(SeatAway(seat=seat, reason="timeouts"), meta))
            away.add(seat)
    takeover = {
        **meta,
        "actor": TAKEOVER_ACTOR,
        "takeover_seat": str(seat),
        "takeover_level": level,
        "takeover_reason": reason,
    }
    action = choose(observe(state, seat))
    decided = _act(game, action, takeover, new_seed, now=now, away=away)
    if isinstance(decided, Refusal):
        return Refusal(decided.code, f"the takeover's action was refused: {decided.detail}")
    return replace(decided, events=events + decided.events)


def _act(
    game: Game,
    action: Action,
    meta: Mapping[str, str],
    new_seed: NewSeed,
    *,
    now: datetime,
    away: set[int] | None = None,
) -> Decided | Refusal:
    """The events ``action`` causes in ``game`` by the rules (with a round's seed revealed
    as it ends, the next round dealt, the deadlines of the seats now due), or the rules'
    refusal (final: a refusal of the command itself, remembered for its resends)."""
    state = game.state
    assert state is not None
    outcome = apply_action(state, action)
    if isinstance(outcome, Refusal):
        return replace(outcome, final=True)
    events: list[NewEvent] = []
    for event in outcome.events:
        events.append(_rules_event(event, meta))
        if event.type == "RoundEnded":
            seed = game.current_seed() or ""
            events.append(_service_event(SeedRevealed(round=state.round, seed=seed), meta))
    after = outcome.state
    new_round = after.phase is Phase.DEAL
    if new_round:
        dealt, after = _deal(game.table_id, after, new_seed(), meta)
        events.extend(dealt)
    due = seats_to_act(after)
    for seat in due:
        if new_round or seat == action.seat or seat not in game.turns:
            deadline = _deadline(game, after, seat, now=now, away=away)
            if deadline is not None:
                events.append(_service_event(deadline, meta))
    return Decided(events, after, due)


def _deadline(
    game: Game,
    state: GameState,
    seat: int,
    *,
    now: datetime,
    present: bool = False,
    away: set[int] | None = None,
) -> TurnDeadlineSet | None:
    """The deadline of ``seat`` due in ``state`` (None: no clock): at once for a seat away
    or left, else the clock of the table's options for the phase (the exchange's, if it has
    one, else the turns'), an AI seat's :data:`AI_CLOCK_FACTOR` times it. ``present``: the
    seat is back (not away whatever the fold says); ``away``: seats away as of this append."""
    assert game.created is not None
    absent = seat in game.left or (not present and (seat in game.away or seat in (away or ())))
    if absent:
        return TurnDeadlineSet(seat=seat, deadline=now, seconds=0)
    options = game.created.options
    seconds = options.turn_seconds
    if state.phase is Phase.EXCHANGE and options.exchange_seconds is not None:
        seconds = options.exchange_seconds
    if seconds is None:
        return TurnDeadlineSet(seat=seat, deadline=None, seconds=0) if present else None
    if game.created.seats[seat].kind == "ai":
        seconds *= AI_CLOCK_FACTOR
    return TurnDeadlineSet(seat=seat, deadline=now + timedelta(seconds=seconds), seconds=seconds)


def decide_start(
    table: TableState, *, secret: str, seed: str, now: datetime, causation_id: str = ""
) -> list[NewEvent] | Refusal:
    """GameCreated, round 1's commitment and deal, from the folded table stream; refused
    while a seat is free."""
    if not table.exists:
        return Refusal(
            RejectionCode.UNKNOWN_TABLE,
            f"table {table.table_id} was never created",
            params={"table_id": table.table_id},
        )
    if table.free_seats:
        return Refusal(
            RejectionCode.NOT_ENOUGH_PLAYERS,
            f"seats {list(table.free_seats)} are free",
            params={"free": len(table.free_seats)},
        )
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
    dealt, state = _deal(table.table_id, new_game(game.rules_options()), seed, meta)
    started = Game(table.table_id, created=game, state=state)
    deadlines = [_deadline(started, state, seat, now=now) for seat in seats_to_act(state)]
    clocks = [_service_event(deadline, meta) for deadline in deadlines if deadline is not None]
    return [_service_event(game, meta), *dealt, *clocks]


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
        taken_by=seat.taken_by,
    )


def _deal(
    table_id: str, state: GameState, seed: str, meta: Mapping[str, str]
) -> tuple[list[NewEvent], GameState]:
    round_number = state.round + 1
    commitment = fairness.commitment(table_id, round_number, seed)
    committed = DealCommitted(
        round=round_number, leader=state.leader, commitment=commitment, seed=seed
    )
    hands = fairness.hands_from_seed(seed, state.players, state.leader)
    dealt = apply_deal(state, hands)
    events = [_service_event(committed, meta), *(_rules_event(e, meta) for e in dealt.events)]
    return events, dealt.state


def _rules_event(event: Event, meta: Mapping[str, str]) -> NewEvent:
    """The event to append for a rules event."""
    return NewEvent(type=event.type, data=event.to_dict(), metadata=dict(meta))


def _service_event(data: EventData, meta: Mapping[str, str]) -> NewEvent:
    return NewEvent(
        type=type(data).__name__, data=data.model_dump(mode="json"), metadata=dict(meta)
    )
