"""Random actions, mostly illegal: malformed objects, unknown and duplicate cards, wrong
seats, wrong counts, lower ranks, passes by the leader, returns at the wrong time.

They are drawn from what the reference model knows of the game (hands, the
seat to act, owed returns), so that every rejection code comes up often.
"""

from __future__ import annotations

import random
from typing import Any

from .reference import DECK, RANKS, Game, normal_strength, rank

UNKNOWN = ["1C", "3X", "10", "", "2s", "11H", "JOKER", " 3C", "3CC", "QQ", "0S"]


def _seat(rng: random.Random, game: Game) -> int:
    likely = [s for s in (game.to_act, *game.owed) if s is not None]
    if likely and rng.random() < 0.7:
        return rng.choice(likely)
    return rng.randrange(game.players)


def _cards_of(rng: random.Random, game: Game, seat: int) -> list[str]:
    """A same-rank group from the seat's hand, or random cards; sometimes spoiled."""
    hand = sorted(game.hands[seat], key=normal_strength) if game.hands else []
    if hand and rng.random() < 0.6:
        r = rank(rng.choice(hand))
        group = [c for c in hand if rank(c) == r]
        cards = rng.sample(group, rng.randint(1, len(group)))
    else:
        cards = rng.sample(DECK, rng.randint(0, 6))
    if cards and rng.random() < 0.12:
        cards.insert(rng.randrange(len(cards) + 1), rng.choice(cards))
    if rng.random() < 0.12:
        cards.insert(rng.randrange(len(cards) + 1), rng.choice(UNKNOWN))
    roll = rng.random()
    if roll < 0.1 and hand:
        cards.append(rng.choice(hand))
    elif roll < 0.15 and cards:
        cards.pop()
    return cards


def _malformed(rng: random.Random, game: Game) -> object:
    seat = rng.randrange(game.players)
    return rng.choice(
        [
            None,
            [],
            "pass",
            3,
            {"seat": game.players, "pass": True},
            {"seat": -1, "play": ["3C"]},
            {"seat": str(seat), "pass": True},
            {"seat": True, "pass": True},
            {"seat": float(seat), "pass": True},
            {"seat": seat},
            {"seat": seat, "pass": False},
            {"seat": seat, "pass": None},
            {"seat": seat, "play": "3C"},
            {"seat": seat, "play": [3]},
            {"seat": seat, "return": None},
            {"seat": seat, "play": ["3C"], "pass": True},
            {"seat": seat, "play": [], "return": []},
        ]
    )


def _spoiled_legal(rng: random.Random, game: Game) -> dict[str, Any] | None:
    legal = game.legal()
    if not legal:
        return None
    action = dict(rng.choice(legal))
    kind = "play" if "play" in action else "return" if "return" in action else "pass"
    roll = rng.random()
    if roll < 0.3:
        action["seat"] = rng.randrange(game.players)
    elif kind != "pass":
        cards = list(action[kind])
        lower = [c for c in DECK if RANKS.index(rank(c)) < RANKS.index(rank(cards[0]))]
        if roll < 0.6 and lower:
            cards[-1] = rng.choice(lower)
        else:
            cards.append(rng.choice(DECK))
        action[kind] = cards
    return action


def random_action(rng: random.Random) -> Any:
    """A function from a game to one random raw action (see the module docstring)."""

    def draw(game: Game) -> Any:
        roll = rng.random()
        if roll < 0.12:
            return _malformed(rng, game)
        if roll < 0.3:
            spoiled = _spoiled_legal(rng, game)
            if spoiled is not None:
                return spoiled
        seat = _seat(rng, game)
        if roll < 0.45:
            return {"seat": seat, "pass": True}
        kind = "return" if rng.random() < (0.7 if game.phase == "exchange" else 0.15) else "play"
        return {"seat": seat, kind: _cards_of(rng, game, seat)}

    return draw
