"""What one seat may know: the observation a player, a client and an AI all receive."""

from __future__ import annotations

from dataclasses import dataclass, replace

from president.rules.actions import Action
from president.rules.cards import FULL_DECK_MASK, RANKS, mask_names
from president.rules.engine import legal_actions
from president.rules.state import NO_RANK, GameState, Move, RoundResult, Transfer


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's observation of the game: own hand and public information only.

    Its wire form (JSON Schema, validation, the translation both ways) is
    ``president.contract.view.SeatView``; the rules know nothing of serialisation.

    ``played`` (the cards played this round, a mask: bit ``CARD_INDEX[name]``) and
    ``moves`` (how many moves the round has had) sum up ``history``; ``history`` is None
    in a view that leaves it out (``without_history``: what a prompt carries).
    """

    seat: int
    players: int
    rules_version: str
    options: dict[str, object]
    phase: str
    round: int
    leader: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    to_act: int | None
    reversed: bool
    top_cards: tuple[str, ...]
    top_seat: int | None
    top_rank: str | None
    passed: tuple[int, ...]
    trick: tuple[Move, ...]
    history: tuple[Move, ...] | None
    played: int
    moves: int
    finished: tuple[int, ...]
    owed_return: tuple[int, int] | None
    exchanges: tuple[Transfer, ...]
    results: tuple[RoundResult, ...]
    scores: tuple[int, ...]
    legal_actions: tuple[Action, ...]


def observe(state: GameState, seat: int) -> Observation:
    """The view of ``seat``: its own hand, public history, sizes, order, places, legal actions."""
    trick = state.history[state.trick_start :]
    top_cards: tuple[str, ...] = ()
    if state.top_rank != NO_RANK:
        top_cards = next(m.cards for m in reversed(trick) if m.cards)
    owed = next(((to, count) for s, to, count in state.owed if s == seat), None)
    return Observation(
        seat=seat,
        players=state.players,
        rules_version=state.rules_version,
        options=state.options.to_dict(),
        phase=state.phase.value,
        round=state.round,
        leader=state.leader,
        hand=mask_names(state.hands[seat]),
        hand_sizes=state.hand_sizes(),
        to_act=state.to_act,
        reversed=state.reversed,
        top_cards=top_cards,
        top_seat=None if state.top_rank == NO_RANK else state.top_seat,
        top_rank=None if state.top_rank == NO_RANK else RANKS[state.top_rank],
        passed=tuple(s for s in range(state.players) if state.passed >> s & 1),
        trick=trick,
        history=state.history,
        played=_played(state),
        moves=len(state.history),
        finished=state.finished,
        owed_return=owed,
        exchanges=tuple(t for t in state.transfers if seat in (t.giver, t.receiver)),
        results=state.results,
        scores=state.scores,
        legal_actions=tuple(legal_actions(state, seat)),
    )


def without_history(view: Observation) -> Observation:
    """The same view without the round's move history (``played`` and ``moves`` stay)."""
    return replace(view, history=None)


def _played(state: GameState) -> int:
    """The cards played this round: every card is dealt, so those in no hand once the
    round has moves (a hand loses cards by playing only)."""
    if not state.history:
        return 0
    held = 0
    for hand in state.hands:
        held |= hand
    return FULL_DECK_MASK & ~held
