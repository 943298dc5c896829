"""Medium and Hard choose their exchange returns: give back what costs the hand least."""

from __future__ import annotations

import pytest
from president.ai import Level, make_policy
from president.rules import GameState, Options, Phase, Return, observe
from president.rules.cards import CARD_NAMES, names_mask
from president.rules.state import evolve

from .games import positions

THINKING = [Level.MEDIUM, Level.HARD]


def exchange(receiver_place: int, chosen: list[str]) -> tuple[GameState, int]:
    """Round 2's exchange of a real 4-player series, where the seat that finished
    ``receiver_place`` (1 = President, 2 = Vice-President) holds ``chosen`` plus
    the gift it got; the other seats share the other cards."""
    easy = make_policy("easy", seed=1)
    states = positions(Options(players=4, rounds=2), 5, easy)
    state = next(s for s in states if s.phase is Phase.EXCHANGE)
    seat = state.results[-1].finish_order[receiver_place - 1]
    gift = [card for t in state.transfers if t.receiver == seat for card in t.cards]
    assert not set(gift) & set(chosen), "the test's hand must not hold the gift's cards"
    mine = names_mask([*chosen, *gift])
    assert mine.bit_count() == state.hands[seat].bit_count()
    rest = [card for card in range(52) if not mine >> card & 1]
    hands = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(mine)
            continue
        size = hand.bit_count()
        hands.append(names_mask([CARD_NAMES[card] for card in rest[:size]]))
        del rest[:size]
    return evolve(state, hands=tuple(hands)), seat


@pytest.mark.parametrize("level", THINKING)
def test_the_president_returns_its_two_lowest_singletons(level: Level) -> None:
    chosen = ["3C", "5D", "7C", "7D", "8C", "8D", "8H", "10C", "10D", "QC", "QD", "KC", "KD"]
    state, seat = exchange(1, chosen)
    assert make_policy(level, seed=3).decide(observe(state, seat)) == Return(seat, ("3C", "5D"))


@pytest.mark.parametrize("level", THINKING)
def test_the_president_keeps_a_four_of_its_lowest_rank_and_gives_singletons(level: Level) -> None:
    # Easy gives its two lowest cards and breaks the four of 3s (a revolution kept
    # in hand); the thinking levels give two loose cards and keep every group.
    chosen = ["3C", "3D", "3H", "3S", "6C", "9D", "JC", "JD", "QC", "QD", "QH", "KS", "KH"]
    state, seat = exchange(1, chosen)
    view = observe(state, seat)
    assert make_policy(level, seed=3).decide(view) == Return(seat, ("6C", "9D"))
    assert make_policy(Level.EASY, seed=3).decide(view) == Return(seat, ("3C", "3D"))


@pytest.mark.parametrize("level", THINKING)
def test_the_vice_president_returns_a_loose_card_rather_than_break_its_low_pair(
    level: Level,
) -> None:
    chosen = ["3C", "3D", "5H", "8C", "8D", "9C", "9D", "9H", "JC", "JD", "QC", "QD", "KC"]
    state, seat = exchange(2, chosen)
    assert make_policy(level, seed=3).decide(observe(state, seat)) == Return(seat, ("5H",))
