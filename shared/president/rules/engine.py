"""The rules as pure functions: legal actions, applying an action (``Applied`` or
``Refusal``, in the order of the RULES.md rejection table) or a deal, replay."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, compress

from president.rules.actions import Action, Pass, Play, Return
from president.rules.cards import CARD_INDEX, CARD_NAMES, RANKS, mask_cards, mask_names
from president.rules.deal import deal_masks, validate_deal
from president.rules.errors import Refusal, RejectionCode, RejectionParams
from president.rules.events import (
    CardsGiven,
    CardsPlayed,
    CardsReturned,
    Event,
    ExchangeStarted,
    GameEnded,
    OrderReversed,
    Passed,
    PlayerFinished,
    PlayStarted,
    RoundDealt,
    RoundEnded,
    TrickEnded,
)
from president.rules.options import RoundLeader
from president.rules.scoring import round_points, round_titles, title_for_place
from president.rules.state import (
    NO_RANK,
    NO_SEAT,
    GameState,
    Move,
    Phase,
    RoundResult,
    Transfer,
    evolve,
)

_RANK_COUNT = len(RANKS)
_MAX_SEATS = 6


@dataclass(frozen=True, slots=True)
class Applied:
    """An accepted action or deal: the new state and the events it caused, in order."""

    state: GameState
    events: tuple[Event, ...]


# --- legal actions -----------------------------------------------------------------


def _submasks_by_size() -> tuple[tuple[tuple[int, ...], ...], ...]:
    table = []
    for suits in range(16):
        by_size: list[list[int]] = [[] for _ in range(5)]
        for sub in range(1, 16):
            if sub & suits == sub:
                by_size[sub.bit_count()].append(sub)
        table.append(tuple(tuple(group) for group in by_size))
    return tuple(table)


_SUBMASKS = _submasks_by_size()
# _PLAYS[seat][rank][suit_submask] is the (shared, immutable) Play of those cards.
_PLAYS: tuple[tuple[tuple[Play | None, ...], ...], ...] = tuple(
    tuple(
        tuple(
            Play(seat, tuple(CARD_NAMES[rank * 4 + s] for s in range(4) if sub >> s & 1))
            if sub
            else None
            for sub in range(16)
        )
        for rank in range(_RANK_COUNT)
    )
    for seat in range(_MAX_SEATS)
)
_PASSES = tuple(Pass(seat) for seat in range(_MAX_SEATS))


def _plays(seat: int, hand: int, ranks: range, sizes: range) -> list[Action]:
    seat_plays = _PLAYS[seat]
    actions: list[Action] = []
    for rank in ranks:
        suits = (hand >> (rank << 2)) & 0xF
        if not suits:
            continue
        by_size = _SUBMASKS[suits]
        by_rank = seat_plays[rank]
        for size in sizes:
            for sub in by_size[size]:
                play = by_rank[sub]
                assert play is not None
                actions.append(play)
    return actions


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """Every action the rules accept now: for the seat to act in play, or for the
    seats owing exchange returns (only ``seat``'s when given)."""
    if state.phase is Phase.PLAY:
        to_act = state.to_act
        if to_act is None or (seat is not None and seat != to_act):
            return []
        hand = state.hands[to_act]
        if state.top_rank == NO_RANK:
            return _plays(to_act, hand, range(_RANK_COUNT), range(1, 5))
        if state.reversed:
            ranks = range(state.top_rank - 1, -1, -1)
        else:
            ranks = range(state.top_rank + 1, _RANK_COUNT)
        count = state.top_count
        actions = _plays(to_act, hand, ranks, range(count, count + 1))
        actions.append(_PASSES[to_act])
        return actions
    if state.phase is Phase.EXCHANGE:
        actions = []
        for owing, _, count in state.owed:
            if seat is None or seat == owing:
                names = mask_names(state.hands[owing])
                actions.extend(Return(owing, combo) for combo in combinations(names, count))
        return actions
    return []


# --- applying actions --------------------------------------------------------------


def apply_action(state: GameState, action: Action) -> Applied | Refusal:
    """Apply a player's action, or reject it with the first code that applies."""
    if isinstance(action, Play):
        return _apply_play(state, action)
    if isinstance(action, Pass):
        return _apply_pass(state, action)
    if isinstance(action, Return):
        return _apply_return(state, action)
    return Refusal(RejectionCode.BAD_ACTION, "not an action")


def _card_mask(cards: Sequence[str]) -> int | Refusal:
    # UNKNOWN_CARD comes before DUPLICATE_CARD in the table: an unknown card
    # anywhere in the list wins over a duplicate earlier in it.
    mask = 0
    duplicate: str | None = None
    for name in cards:
        index = CARD_INDEX.get(name)
        if index is None:
            return Refusal(RejectionCode.UNKNOWN_CARD, f"{name!r} is not a card", {"card": name})
        bit = 1 << index
        if mask & bit and duplicate is None:
            duplicate = name
        mask |= bit
    if duplicate is not None:
        return Refusal(
            RejectionCode.DUPLICATE_CARD, f"{duplicate} appears twice", {"card": duplicate}
        )
    return mask


def _phase(state: GameState) -> RejectionParams:
    return {"phase": state.phase.value}


def _to_act(state: GameState) -> RejectionParams:
    return {} if state.to_act is None else {"to_act": state.to_act}


def _not_in_hand(cards: Sequence[str], hand: int) -> Refusal:
    missing = [name for name in cards if not hand >> CARD_INDEX[name] & 1]
    return Refusal(RejectionCode.CARD_NOT_IN_HAND, "card not in hand", {"cards": missing})


def _apply_play(state: GameState, action: Play) -> Applied | Refusal:
    if state.phase is not Phase.PLAY:
        return Refusal(
            RejectionCode.WRONG_PHASE, f"no plays during {state.phase.value}", _phase(state)
        )
    seat = action.seat
    if seat != state.to_act:
        return Refusal(
            RejectionCode.NOT_YOUR_TURN, f"seat {state.to_act} is to act", _to_act(state)
        )
    mask = _card_mask(action.cards)
    if isinstance(mask, Refusal):
        return mask
    count = len(action.cards)
    if count == 0:
        return Refusal(RejectionCode.EMPTY_PLAY, "a play needs at least one card")
    if count > 4:
        return Refusal(RejectionCode.TOO_MANY_CARDS, "a play has at most four cards")
    hand = state.hands[seat]
    if mask & ~hand:
        return _not_in_hand(action.cards, hand)
    rank = ((mask & -mask).bit_length() - 1) >> 2
    if mask & ~(0xF << (rank << 2)):
        return Refusal(RejectionCode.MIXED_RANKS, "all cards of a play share one rank")
    if state.top_rank != NO_RANK:
        if count != state.top_count:
            return Refusal(
                RejectionCode.WRONG_COUNT,
                f"the trick needs {state.top_count} cards",
                {"count": state.top_count},
            )
        higher = rank < state.top_rank if state.reversed else rank > state.top_rank
        if not higher:
            return Refusal(
                RejectionCode.NOT_HIGHER,
                "not higher in the current order",
                {"rank": RANKS[state.top_rank]},
            )
    return _play(state, seat, mask, rank, count, action.cards)


def _apply_pass(state: GameState, action: Pass) -> Applied | Refusal:
    if state.phase is not Phase.PLAY:
        return Refusal(
            RejectionCode.WRONG_PHASE, f"no passes during {state.phase.value}", _phase(state)
        )
    if action.seat != state.to_act:
        return Refusal(
            RejectionCode.NOT_YOUR_TURN, f"seat {state.to_act} is to act", _to_act(state)
        )
    if state.top_rank == NO_RANK:
        return Refusal(RejectionCode.LEADER_CANNOT_PASS, "the leader of a trick must play")
    return _pass(state, action.seat)


def _apply_return(state: GameState, action: Return) -> Applied | Refusal:
    if state.phase is not Phase.EXCHANGE:
        return Refusal(
            RejectionCode.WRONG_PHASE, f"no returns during {state.phase.value}", _phase(state)
        )
    owed = next((entry for entry in state.owed if entry[0] == action.seat), None)
    if owed is None:
        return Refusal(
            RejectionCode.NOT_YOUR_TURN, f"seat {action.seat} owes no return", {"seat": action.seat}
        )
    mask = _card_mask(action.cards)
    if isinstance(mask, Refusal):
        return mask
    seat, receiver, count = owed
    if mask & ~state.hands[seat]:
        return _not_in_hand(action.cards, state.hands[seat])
    if len(action.cards) != count:
        return Refusal(
            RejectionCode.WRONG_COUNT, f"return exactly {count} card(s)", {"count": count}
        )
    hands = list(state.hands)
    hands[seat] &= ~mask
    hands[receiver] |= mask
    cards = mask_names(mask)
    events: list[Event] = [CardsReturned(state.round, seat, receiver, cards)]
    owed_left = tuple(entry for entry in state.owed if entry[0] != seat)
    transfers = (*state.transfers, Transfer(seat, receiver, cards))
    if owed_left:
        new = evolve(state, hands=tuple(hands), owed=owed_left, transfers=transfers)
    else:
        events.append(PlayStarted(state.round, state.leader))
        new = evolve(
            state,
            hands=tuple(hands),
            owed=(),
            transfers=transfers,
            phase=Phase.PLAY,
            to_act=state.leader,
        )
    return Applied(new, tuple(events))


def _next_seat(hands: Sequence[int], after: int, passed: int) -> int:
    """The next seat clockwise from ``after`` that holds cards and has not passed."""
    players = len(hands)
    seat = after
    for _ in range(players):
        seat = seat + 1 if seat + 1 < players else 0
        if hands[seat] and not passed >> seat & 1:
            return seat
    return NO_SEAT


def _play(
    state: GameState, seat: int, mask: int, rank: int, count: int, cards: tuple[str, ...]
) -> Applied:
    rnd = state.round
    hands = list(state.hands)
    hands[seat] &= ~mask
    events: list[Event] = [CardsPlayed(rnd, seat, cards)]
    reversed_ = state.reversed
    if count == 4 and state.options.revolution:
        reversed_ = not reversed_
        events.append(OrderReversed(rnd, seat, reversed_))
    finished = state.finished
    players = state.options.players
    if not hands[seat]:
        finished = (*finished, seat)
        place = len(finished)
        events.append(PlayerFinished(rnd, seat, place, title_for_place(place, players)))
    history = (*state.history, Move(seat, cards))
    holding = list(compress(range(players), hands))  # the seats holding cards
    if len(holding) == 1:
        return _end_round(state, tuple(hands), finished, holding[0], reversed_, history, events)
    passed = state.passed
    to_act = _next_seat(hands, seat, passed)
    if to_act in (NO_SEAT, seat):
        # Everyone else still in had already passed: the trick ends on this play.
        leader = seat if hands[seat] else _next_seat(hands, seat, 0)
        events.append(TrickEnded(rnd, seat, leader))
        new = evolve(
            state,
            hands=tuple(hands),
            to_act=leader,
            top_rank=NO_RANK,
            top_count=0,
            top_seat=NO_SEAT,
            passed=0,
            finished=finished,
            reversed=reversed_,
            history=history,
            trick_start=len(history),
        )
    else:
        new = evolve(
            state,
            hands=tuple(hands),
            to_act=to_act,
            top_rank=rank,
            top_count=count,
            top_seat=seat,
            finished=finished,
            reversed=reversed_,
            history=history,
        )
    return Applied(new, tuple(events))


def _pass(state: GameState, seat: int) -> Applied:
    rnd = state.round
    passed = state.passed | 1 << seat
    hands = state.hands
    history = (*state.history, Move(seat, ()))
    events: list[Event] = [Passed(rnd, seat)]
    top = state.top_seat
    to_act = _next_seat(hands, seat, passed)
    if to_act in (top, NO_SEAT):
        # Every player still in, other than the last to play, has passed.
        leader = top if hands[top] else _next_seat(hands, top, 0)
        events.append(TrickEnded(rnd, top, leader))
        new = evolve(
            state,
            to_act=leader,
            top_rank=NO_RANK,
            top_count=0,
            top_seat=NO_SEAT,
            passed=0,
            history=history,
            trick_start=len(history),
        )
    else:
        new = evolve(state, to_act=to_act, passed=passed, history=history)
    return Applied(new, tuple(events))


def _end_round(
    state: GameState,
    hands: tuple[int, ...],
    finished: tuple[int, ...],
    last: int,
    reversed_: bool,
    history: tuple[Move, ...],
    events: list[Event],
) -> Applied:
    players = state.options.players
    rnd = state.round
    finish_order = (*finished, last)
    events.append(PlayerFinished(rnd, last, players, title_for_place(players, players)))
    points = round_points(finish_order)
    titles = round_titles(finish_order)
    scores = tuple(a + b for a, b in zip(state.scores, points, strict=True))
    events.append(RoundEnded(rnd, finish_order, points, titles, scores))
    results = (*state.results, RoundResult(rnd, finish_order, points, titles))
    common = {
        "hands": hands,
        "to_act": None,
        "top_rank": NO_RANK,
        "top_count": 0,
        "top_seat": NO_SEAT,
        "passed": 0,
        "finished": finish_order,
        "history": history,
        "results": results,
        "scores": scores,
    }
    if rnd >= state.options.rounds:
        events.append(GameEnded(rnd, scores))
        new = evolve(state, phase=Phase.GAME_OVER, reversed=reversed_, **common)
    else:
        new = evolve(
            state,
            phase=Phase.DEAL,
            reversed=False,
            leader=_next_round_leader(state.options.round_leader, finish_order),
            **common,
        )
    return Applied(new, tuple(events))


def _next_round_leader(rule: RoundLeader, finish_order: tuple[int, ...]) -> int:
    if rule is RoundLeader.PRESIDENT:
        return finish_order[0]
    if rule is RoundLeader.FIRST_SEAT:
        return 0
    return finish_order[-1]


# --- dealing -----------------------------------------------------------------------


def apply_deal(state: GameState, hands: Sequence[Sequence[str]]) -> Applied:
    """Start the next round with these hands (the recorded chance outcome).

    In rounds 2+ the automatic exchange gifts happen here and returns become due.
    Raises InvalidGameInput for a deal that is not all 52 cards fairly dealt,
    and ValueError when the game is not waiting for a deal.
    """
    if state.phase is not Phase.DEAL:
        raise ValueError(f"no deal expected during {state.phase.value}")
    dealt = validate_deal(list(hands), state.options.players)
    masks = list(deal_masks(dealt))
    rnd = state.round + 1
    leader = state.leader
    events: list[Event] = [RoundDealt(rnd, leader, dealt)]
    owed: list[tuple[int, int, int]] = []
    transfers: list[Transfer] = []
    if state.results:
        order = state.results[-1].finish_order
        pairs = [(order[-1], order[0], 2)]
        if state.options.players >= 4:
            pairs.append((order[-2], order[1], 1))
        for giver, receiver, count in pairs:
            gift = 0
            for card in mask_cards(masks[giver])[-count:]:
                gift |= 1 << card
            masks[giver] &= ~gift
            masks[receiver] |= gift
            cards = mask_names(gift)
            events.append(CardsGiven(rnd, giver, receiver, cards))
            transfers.append(Transfer(giver, receiver, cards))
            owed.append((receiver, giver, count))
    base = evolve(
        state,
        round=rnd,
        hands=tuple(masks),
        top_rank=NO_RANK,
        top_count=0,
        top_seat=NO_SEAT,
        passed=0,
        finished=(),
        reversed=False,
        transfers=tuple(transfers),
        history=(),
        trick_start=0,
    )
    if owed:
        events.append(ExchangeStarted(rnd, tuple(owed)))
        new = evolve(base, phase=Phase.EXCHANGE, owed=tuple(owed), to_act=None)
    else:
        events.append(PlayStarted(rnd, leader))
        new = evolve(base, phase=Phase.PLAY, owed=(), to_act=leader)
    return Applied(new, tuple(events))
