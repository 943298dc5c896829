"""Cards, ranks and suits, and the wire notation (``3C``, ``10H``, ``QS``, ``2D``); inside
the engine a card is ``rank * 4 + suit`` and a hand a 52-bit mask."""

from __future__ import annotations

from collections.abc import Iterable

RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
DECK_SIZE = 52
FULL_DECK_MASK = (1 << DECK_SIZE) - 1

CARD_NAMES: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)
"""All 52 cards in canonical order: 3C 3D 3H 3S 4C ... 2S (the order a shuffle starts from)."""

CARD_INDEX: dict[str, int] = {name: index for index, name in enumerate(CARD_NAMES)}


def card_rank(card: int) -> int:
    """Rank index (0 = ``3`` ... 12 = ``2``) of a card index."""
    return card >> 2


def is_card(name: object) -> bool:
    """Whether ``name`` is the wire notation of one of the 52 cards."""
    return isinstance(name, str) and name in CARD_INDEX


def to_mask(cards: Iterable[int]) -> int:
    """The hand mask holding exactly these card indices."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def mask_cards(mask: int) -> tuple[int, ...]:
    """Card indices in a mask, ascending (normal rank order, then suit)."""
    cards: list[int] = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cards)


def mask_names(mask: int) -> tuple[str, ...]:
    """Wire names of the cards in a mask, in canonical order."""
    return tuple(CARD_NAMES[card] for card in mask_cards(mask))


def names_mask(names: Iterable[str]) -> int:
    """Mask of cards given by wire names (the names must be valid)."""
    return to_mask(CARD_INDEX[name] for name in names)


def rank_suits(mask: int, rank: int) -> int:
    """The 4-bit suit mask of ``rank`` in a hand mask."""
    return (mask >> (rank << 2)) & 0xF


def rank_counts(mask: int) -> tuple[int, ...]:
    """How many cards of each rank (normal order) a hand mask holds."""
    return tuple(((mask >> (rank << 2)) & 0xF).bit_count() for rank in range(len(RANKS)))


def sort_names(names: Iterable[str]) -> tuple[str, ...]:
    """Wire names sorted in canonical (normal rank, then suit) order."""
    return tuple(sorted(names, key=CARD_INDEX.__getitem__))
