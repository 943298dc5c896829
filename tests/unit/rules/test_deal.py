"""RULES.md, Deal: all 52 cards, sizes differ by one at most, the leader gets no extra card."""

from __future__ import annotations

import pytest
from president.rules import (
    CARD_NAMES,
    InvalidGameInput,
    Options,
    apply_deal,
    deal_from_seed,
    new_game,
    replay,
    shuffled_deck,
    validate_deal,
)
from president.rules.events import PlayStarted, RoundDealt

from . import reference
from .table import deal_giving


def cards(text: str) -> list[str]:
    return text.split()


# Pinned literally, so a change of the shuffle shows on every machine and Python version.
SHUFFLED_7 = cards(
    "7H AC 9H 2H 8H 4C 10S 3C AS JH KC 5D 8C 8S 2D 5C 4H QH 5S AD AH KD 6C JC QS 4S "
    "9D 3H 5H 6D KS 4D 3D 10D 2C JD 2S KH QC 9S 7S 10H 7D 6H 8D 7C JS 10C 3S 9C QD 6S"
)
DEAL_2026_3_PLAYERS_LEADER_0 = [
    cards("3C 2S AH 5C 2H 7S 3S 4S AC 5D 10C 9C QH KH QD 4H 10H"),
    cards("KC 4C 3D 5H 9D 8H 6C 6S 9S 6D 7H QS QC 8S 7D 8D 10D JS"),
    cards("10S AD 2D 7C 5S 8C 2C JD 3H 4D KD AS KS JH 9H 6H JC"),
]
DEAL_7_2_5_PLAYERS_LEADER_3 = [
    cards("10H AD JH 3C 4D JS 5H AC 3H 2S AS"),
    cards("8S KC 5S 7D 9C 10S 8H 9S 9D 2C"),
    cards("10D 9H 10C JD 7C 3D 6D QS KD 2H"),
    cards("2D QC KH KS QD 3S 6S JC 6C QH"),
    cards("8C 4C 8D 4H 5D AH 4S 7S 6H 7H 5C"),
]


def sizes(hands: object) -> list[int]:
    return [len(hand) for hand in hands]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (3, [18, 17, 17]),
        (4, [13, 13, 13, 13]),
        (5, [11, 11, 10, 10, 10]),
        (6, [9, 9, 9, 9, 8, 8]),
    ],
)
def test_a_seeded_deal_gives_all_52_cards_in_the_sizes_of_the_rules(
    players: int, expected: list[int]
) -> None:
    for seed in range(20):
        hands = deal_from_seed(seed, players, leader=0)
        assert sorted(sizes(hands), reverse=True) == expected
        assert sorted(card for hand in hands for card in hand) == sorted(CARD_NAMES)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_leader_never_gets_an_extra_card(players: int) -> None:
    for leader in range(players):
        for seed in ("a", 1, 99):
            hands = deal_from_seed(seed, players, leader)
            assert len(hands[leader]) == min(sizes(hands))


def test_the_deal_starts_with_the_seat_after_the_leader() -> None:
    deck = shuffled_deck(5)
    hands = deal_from_seed(5, 4, leader=2)
    assert hands[3][0] == deck[0]
    assert hands[0][0] == deck[1]
    assert hands[2][0] == deck[3]


def test_a_seed_always_gives_the_same_deal() -> None:
    assert deal_from_seed(123, 5, 1) == deal_from_seed(123, 5, 1)
    assert deal_from_seed(123, 5, 1) != deal_from_seed(124, 5, 1)


def test_an_int_seed_shuffles_like_its_decimal_text() -> None:
    assert shuffled_deck(7) == shuffled_deck("7")


def test_seeded_shuffles_are_pinned_to_literal_decks() -> None:
    assert list(shuffled_deck(7)) == SHUFFLED_7
    assert [list(hand) for hand in deal_from_seed(2026, 3, 0)] == DEAL_2026_3_PLAYERS_LEADER_0
    assert [list(hand) for hand in deal_from_seed("7:2", 5, 3)] == DEAL_7_2_5_PLAYERS_LEADER_3


def test_the_shuffle_is_the_documented_algorithm() -> None:
    # reference.shuffled is written from the president.rules.deal docstring alone.
    for seed in [0, 1, 7, "table-42", "7:3", "é"]:
        assert list(shuffled_deck(seed)) == reference.shuffled(seed)


def test_the_deal_is_recorded_as_data_and_replay_does_not_reshuffle() -> None:
    hands = deal_giving(4, {0: ["2S", "2H", "2D", "2C"]})
    applied = apply_deal(new_game(Options(players=4)), hands)
    dealt = applied.events[0]
    assert isinstance(dealt, RoundDealt)
    assert [list(hand) for hand in dealt.hands] == hands
    assert replay(Options(players=4), applied.events) == applied.state
    assert isinstance(applied.events[-1], PlayStarted)


@pytest.mark.parametrize(
    ("hands", "problem"),
    [
        ([CARD_NAMES[0:13], CARD_NAMES[13:26], CARD_NAMES[26:39]], "3 hands for 4 players"),
        (
            [CARD_NAMES[0:13], CARD_NAMES[13:26], CARD_NAMES[26:39], CARD_NAMES[39:51]],
            "51 cards",
        ),
        (
            [CARD_NAMES[0:13], CARD_NAMES[13:26], CARD_NAMES[26:39], [*CARD_NAMES[39:51], "3C"]],
            "3C twice",
        ),
        (
            [CARD_NAMES[0:13], CARD_NAMES[13:26], CARD_NAMES[26:39], [*CARD_NAMES[39:51], "1S"]],
            "an unknown card",
        ),
        (
            [CARD_NAMES[0:15], CARD_NAMES[15:26], CARD_NAMES[26:39], CARD_NAMES[39:52]],
            "sizes 15 and 11",
        ),
        ([CARD_NAMES[0:13], CARD_NAMES[13:26], CARD_NAMES[26:39], "x"], "a hand that is text"),
    ],
)
def test_a_deal_that_is_not_the_52_cards_fairly_dealt_is_invalid(
    hands: list[object], problem: str
) -> None:
    with pytest.raises(InvalidGameInput):
        validate_deal(hands, 4)
    with pytest.raises(InvalidGameInput):
        apply_deal(new_game(Options(players=4)), hands)  # type: ignore[arg-type]


def test_hand_made_deals_may_give_the_extra_cards_to_any_seats() -> None:
    hands = deal_giving(5, {}, extra_to=[3, 4])
    assert sizes(validate_deal(hands, 5)) == [10, 10, 10, 11, 11]
