"""Dealing: the seeded SHA-256 Fisher-Yates shuffle (``shuffled_deck``, specified in
docs/audit.md so anyone can reimplement it) and the deal checks."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence

from president.rules.cards import CARD_INDEX, CARD_NAMES, DECK_SIZE, names_mask
from president.rules.errors import InvalidGameInput

_U64 = 1 << 64


def seed_bytes(seed: int | str) -> bytes:
    """The bytes a seed contributes to the shuffle (step 1 of the algorithm)."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise InvalidGameInput("seed must be an integer or a string")
    try:
        return str(seed).encode("utf-8")
    except ValueError as exc:  # a lone surrogate, or an int too long to print
        raise InvalidGameInput(f"seed cannot be used: {exc}") from exc


def _words(seed: int | str) -> Iterator[int]:
    material = seed_bytes(seed)
    counter = 0
    while True:
        block = hashlib.sha256(material + counter.to_bytes(8, "big")).digest()
        counter += 1
        for offset in range(0, 32, 8):
            yield int.from_bytes(block[offset : offset + 8], "big")


def shuffled_deck(seed: int | str) -> tuple[str, ...]:
    """The 52 cards in the order the documented shuffle leaves them for ``seed``."""
    deck = list(CARD_NAMES)
    words = _words(seed)
    for i in range(DECK_SIZE - 1, 0, -1):
        bound = i + 1
        limit = _U64 - (_U64 % bound)
        x = next(words)
        while x >= limit:
            x = next(words)
        j = x % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def round_seed(seed: int | str, round_number: int) -> str:
    """The seed of round ``round_number`` in a series dealt from one seed: ``"<seed>:<round>"``."""
    return f"{seed_bytes(seed).decode()}:{round_number}"


def deal_from_seed(seed: int | str, players: int, leader: int) -> tuple[tuple[str, ...], ...]:
    """Deal the shuffled deck one card at a time, starting with the seat after ``leader``."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for k, card in enumerate(shuffled_deck(seed)):
        hands[(leader + 1 + k) % players].append(card)
    return tuple(tuple(hand) for hand in hands)


def validate_deal(hands: object, players: int) -> tuple[tuple[str, ...], ...]:
    """Check that ``hands`` deals all 52 cards to ``players`` seats fairly; return it as tuples.

    Raises InvalidGameInput when it is not a list of ``players`` lists of card
    strings holding every card once with sizes differing by at most one.
    """
    if not isinstance(hands, list | tuple) or len(hands) != players:
        raise InvalidGameInput(f"a deal must be a list of {players} hands")
    seen: set[str] = set()
    result: list[tuple[str, ...]] = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list | tuple):
            raise InvalidGameInput(f"hand of seat {seat} is not a list")
        for card in hand:
            if not isinstance(card, str) or card not in CARD_INDEX:
                raise InvalidGameInput(f"hand of seat {seat} holds {card!r}, not a card")
            if card in seen:
                raise InvalidGameInput(f"card {card} is dealt twice")
            seen.add(card)
        result.append(tuple(hand))
    if len(seen) != DECK_SIZE:
        raise InvalidGameInput(f"a deal must hold all 52 cards, this one holds {len(seen)}")
    sizes = [len(hand) for hand in result]
    if max(sizes) - min(sizes) > 1:
        raise InvalidGameInput(f"hand sizes must differ by at most one, got {sizes}")
    return tuple(result)


def deal_masks(hands: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """Hand masks of a validated deal."""
    return tuple(names_mask(hand) for hand in hands)
