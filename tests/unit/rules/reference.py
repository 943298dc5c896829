"""A second, naive reading of RULES.md, written from the text alone.

The engine keeps hands as bit masks and validates in a few bit operations;
this model keeps hands as sets of card strings and follows the sentences of
RULES.md one by one. It is the tests' oracle: the rejection code of any raw
action (``rejection``), the legal actions, and a whole referee run
(``referee``) to compare with ``president.rules.referee.run_script``. It
imports nothing from the engine, on purpose.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
SUITS = ["C", "D", "H", "S"]
DECK = [rank + suit for rank in RANKS for suit in SUITS]


def rank(card: str) -> str:
    return card[:-1]


def normal_strength(card: str) -> tuple[int, int]:
    """Normal order, then suit C < D < H < S (the exchange's order)."""
    return RANKS.index(rank(card)), SUITS.index(card[-1])


def titles_for(players: int) -> list[str]:
    """The title row of RULES.md for ``players``, from first out to last."""
    table = {
        3: ["president", "neutral", "asshole"],
        4: ["president", "vice_president", "vice_asshole", "asshole"],
        5: ["president", "vice_president", "neutral", "vice_asshole", "asshole"],
        6: ["president", "vice_president", "neutral", "neutral", "vice_asshole", "asshole"],
    }
    return table[players]


# --- the documented seeded shuffle (president.rules.deal docstring), re-implemented ---


def _words(seed: int | str) -> Iterator[int]:
    material = str(seed).encode()
    counter = 0
    while True:
        digest = hashlib.sha256(material + counter.to_bytes(8, "big")).digest()
        counter += 1
        for offset in (0, 8, 16, 24):
            yield int.from_bytes(digest[offset : offset + 8], "big")


def shuffled(seed: int | str) -> list[str]:
    deck = list(DECK)
    words = _words(seed)
    for i in range(51, 0, -1):
        limit = 2**64 - (2**64 % (i + 1))
        x = next(words)
        while x >= limit:
            x = next(words)
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def seeded_deal(seed: int | str, players: int, leader: int) -> list[list[str]]:
    hands: list[list[str]] = [[] for _ in range(players)]
    for k, card in enumerate(shuffled(seed)):
        hands[(leader + 1 + k) % players].append(card)
    return hands


# --- the game -------------------------------------------------------------------------


@dataclass
class Trick:
    rank: str
    count: int
    seat: int


@dataclass
class Game:
    """One series, state kept the plain way."""

    players: int
    revolution: bool = True
    rounds: int = 1
    round_leader: str = "asshole"
    phase: str = "deal"
    round: int = 0
    leader: int = 0
    hands: list[set[str]] = field(default_factory=list)
    to_act: int | None = None
    trick: Trick | None = None
    passed: set[int] = field(default_factory=set)
    out: list[int] = field(default_factory=list)
    reversed: bool = False
    owed: dict[int, tuple[int, int]] = field(default_factory=dict)
    results: list[dict[str, list[Any]]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    played: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.scores = [0] * self.players

    # -- order and seats --

    def beats(self, new: str, old: str) -> bool:
        """Strictly higher in the current order."""
        if self.reversed:
            return RANKS.index(new) < RANKS.index(old)
        return RANKS.index(new) > RANKS.index(old)

    def holding(self) -> list[int]:
        return [seat for seat in range(self.players) if self.hands[seat]]

    def clockwise_from(self, seat: int) -> list[int]:
        return [(seat + step) % self.players for step in range(1, self.players + 1)]

    # -- deal and exchange --

    def deal(self, hands: Sequence[Sequence[str]]) -> None:
        assert self.phase == "deal"
        self.round += 1
        self.hands = [set(hand) for hand in hands]
        self.trick, self.passed, self.out, self.played = None, set(), [], []
        self.reversed = False
        self.owed = {}
        if self.round == 1:
            self.phase, self.to_act = "play", self.leader
            return
        order = self.results[-1]["finish_order"]
        pairs = [(order[-1], order[0], 2)]
        if self.players >= 4:
            pairs.append((order[-2], order[1], 1))
        for giver, receiver, count in pairs:
            gift = sorted(self.hands[giver], key=normal_strength)[-count:]
            self.hands[giver] -= set(gift)
            self.hands[receiver] |= set(gift)
            self.owed[receiver] = (giver, count)
        self.phase, self.to_act = "exchange", None

    # -- the rejection table, top to bottom --

    def rejection(self, raw: object) -> str | None:
        """The code RULES.md gives ``raw`` now, or None when it is legal."""
        if not isinstance(raw, dict):
            return "BAD_ACTION"
        seat = raw.get("seat")
        if type(seat) is not int or not 0 <= seat < self.players:
            return "BAD_ACTION"
        kinds = [kind for kind in ("play", "pass", "return") if kind in raw]
        if len(kinds) != 1:
            return "BAD_ACTION"
        kind = kinds[0]
        if kind == "pass" and raw["pass"] is not True:
            return "BAD_ACTION"
        cards: list[str] = []
        if kind != "pass":
            cards = raw[kind]
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                return "BAD_ACTION"
        wanted_phase = "exchange" if kind == "return" else "play"
        if self.phase != wanted_phase:
            return "WRONG_PHASE"
        if kind == "return" and seat not in self.owed:
            return "NOT_YOUR_TURN"
        if kind != "return" and seat != self.to_act:
            return "NOT_YOUR_TURN"
        if kind == "pass":
            return "LEADER_CANNOT_PASS" if self.trick is None else None
        if any(card not in DECK for card in cards):
            return "UNKNOWN_CARD"
        if len(set(cards)) != len(cards):
            return "DUPLICATE_CARD"
        if kind == "play" and not cards:
            return "EMPTY_PLAY"
        if kind == "play" and len(cards) > 4:
            return "TOO_MANY_CARDS"
        if any(card not in self.hands[seat] for card in cards):
            return "CARD_NOT_IN_HAND"
        if kind == "return":
            return "WRONG_COUNT" if len(cards) != self.owed[seat][1] else None
        if len({rank(card) for card in cards}) > 1:
            return "MIXED_RANKS"
        if self.trick is not None:
            if len(cards) != self.trick.count:
                return "WRONG_COUNT"
            if not self.beats(rank(cards[0]), self.trick.rank):
                return "NOT_HIGHER"
        return None

    def legal(self) -> list[dict[str, Any]]:
        """Every legal action, found by trying every candidate against ``rejection``."""
        candidates: list[dict[str, Any]] = []
        if self.phase == "exchange":
            for seat, (_, count) in self.owed.items():
                for cards in combinations(sorted(self.hands[seat], key=normal_strength), count):
                    candidates.append({"seat": seat, "return": list(cards)})
        elif self.phase == "play":
            assert self.to_act is not None
            seat = self.to_act
            candidates.append({"seat": seat, "pass": True})
            for r in RANKS:
                same = sorted((c for c in self.hands[seat] if rank(c) == r), key=normal_strength)
                for size in range(1, len(same) + 1):
                    for cards in combinations(same, size):
                        candidates.append({"seat": seat, "play": list(cards)})
        return [action for action in candidates if self.rejection(action) is None]

    # -- applying a legal action --

    def apply(self, raw: dict[str, Any]) -> None:
        assert self.rejection(raw) is None, raw
        seat = raw["seat"]
        if "return" in raw:
            self.give_back(seat, raw["return"])
        elif "pass" in raw:
            self.pass_(seat)
        else:
            self.play(seat, raw["play"])

    def give_back(self, seat: int, cards: list[str]) -> None:
        to, _ = self.owed.pop(seat)
        self.hands[seat] -= set(cards)
        self.hands[to] |= set(cards)
        if not self.owed:
            self.phase, self.to_act = "play", self.leader

    def play(self, seat: int, cards: list[str]) -> None:
        self.hands[seat] -= set(cards)
        self.played.extend(cards)
        if len(cards) == 4 and self.revolution:
            self.reversed = not self.reversed
        if not self.hands[seat]:
            self.out.append(seat)
        if len(self.holding()) == 1:
            self.end_round()
            return
        self.trick = Trick(rank(cards[0]), len(cards), seat)
        self.next_turn(seat)

    def pass_(self, seat: int) -> None:
        self.passed.add(seat)
        self.next_turn(seat)

    def next_turn(self, after: int) -> None:
        assert self.trick is not None
        last = self.trick.seat
        others = [s for s in self.holding() if s != last]
        if all(s in self.passed for s in others):
            # The trick ends; its last player leads, or the next one holding cards.
            leader = last if self.hands[last] else self.next_holding(last)
            self.trick, self.passed, self.to_act = None, set(), leader
            return
        self.to_act = next(
            s for s in self.clockwise_from(after) if self.hands[s] and s not in self.passed
        )

    def next_holding(self, seat: int) -> int:
        return next(s for s in self.clockwise_from(seat) if self.hands[s])

    def end_round(self) -> None:
        [last] = self.holding()
        order = [*self.out, last]
        points = [0] * self.players
        titles = [""] * self.players
        for place, seat in enumerate(order, start=1):
            points[seat] = self.players + 1 - place
            titles[seat] = titles_for(self.players)[place - 1]
        self.scores = [a + b for a, b in zip(self.scores, points, strict=True)]
        self.results.append({"finish_order": order, "points": points, "titles": titles})
        self.out = order
        self.trick, self.passed, self.to_act = None, set(), None
        if self.round == self.rounds:
            self.phase = "game_over"
            return
        self.phase, self.reversed = "deal", False
        if self.round_leader == "president":
            self.leader = order[0]
        elif self.round_leader == "first_seat":
            self.leader = 0
        else:
            self.leader = order[-1]

    def describe(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "phase": self.phase,
            "to_act": self.to_act if self.phase == "play" else None,
            "reversed": self.reversed,
        }
        if self.phase == "exchange":
            entry["awaiting"] = list(self.owed)
        return entry


Dealer = Callable[[Game], Sequence[Sequence[str]]]


def referee(script: dict[str, Any]) -> dict[str, Any]:
    """The referee output of RULES.md's appendix for a well-formed script."""
    options = script.get("options", {})
    game = Game(script["players"], **options)
    if "seed" in script:
        seed = script["seed"]

        def dealer(g: Game) -> Sequence[Sequence[str]]:
            return seeded_deal(f"{seed}:{g.round + 1}", g.players, g.leader)

    else:

        def dealer(g: Game) -> Sequence[Sequence[str]]:
            return script["deals"][g.round]

    game.deal(dealer(game))
    results = []
    for raw in script.get("actions", []):
        code = game.rejection(raw)
        if code is not None:
            results.append({"ok": False, "error": code, **game.describe()})
            continue
        game.apply(raw)
        if game.phase == "deal":
            game.deal(dealer(game))
        results.append({"ok": True, **game.describe()})
    return {
        "results": results,
        "rounds": game.results,
        "scores": game.scores,
        "game_over": game.phase == "game_over",
    }
