"""Hand-made seat views for the AI tests."""

from __future__ import annotations

from president.rules import GameState, Observation, Options, apply_deal, new_game, observe
from president.rules.cards import CARD_NAMES, names_mask
from president.rules.state import NO_RANK, Move, evolve


def view_of(
    mine: list[str],
    *,
    others: list[list[str]] | None = None,
    players: int = 3,
    top: list[str] | None = None,
    top_seat: int = 1,
    reversed_: bool = False,
    finished: tuple[int, ...] = (),
) -> Observation:
    """The view of seat 0 (to act) holding ``mine`` when the trick's top is ``top``,
    played by ``top_seat``. The other seats hold ``others`` and every remaining card
    was played earlier by ``top_seat``; without ``others`` the remaining cards are
    dealt out to the other seats. ``finished`` lists seats already out."""
    top = top or []
    rest = [c for c in CARD_NAMES if c not in mine and c not in top]
    if others is None:
        others = [rest[s :: players - 1] for s in range(players - 1)]
    hands = [mine, *others]
    state = evolve(_state(hands, 0, top, top_seat, reversed_), finished=finished)
    return observe(state, 0)


def _state(
    hands: list[list[str]],
    seat: int,
    top: list[str],
    top_seat: int,
    reversed_: bool,
) -> GameState:
    players = len(hands)
    dealt = apply_deal(new_game(Options(players=players)), _full_deal(players)).state
    held = 0
    for hand in hands:
        held |= names_mask(hand)
    gone = [c for c in CARD_NAMES if not held >> CARD_NAMES.index(c) & 1 and c not in top]
    history = [Move(top_seat, (card,)) for card in gone]
    trick_start = len(history)
    if top:
        history.append(Move(top_seat, tuple(top)))
    rank = CARD_NAMES.index(top[0]) >> 2 if top else NO_RANK
    return evolve(
        dealt,
        hands=tuple(names_mask(hand) for hand in hands),
        to_act=seat,
        top_rank=rank,
        top_count=len(top),
        top_seat=top_seat if top else -1,
        reversed=reversed_,
        history=tuple(history),
        trick_start=trick_start,
    )


def _full_deal(players: int) -> list[list[str]]:
    return [list(CARD_NAMES[s::players]) for s in range(players)]
