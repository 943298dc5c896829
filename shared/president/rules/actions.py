"""Player actions: a play, a pass, or an exchange return. Cards stay wire strings here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from president.rules.errors import Refusal, RejectionCode


@dataclass(frozen=True, slots=True)
class Play:
    """Play 1 to 4 cards of one rank."""

    seat: int
    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "play": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: final until the trick ends."""

    seat: int

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "pass": True}


@dataclass(frozen=True, slots=True)
class Return:
    """Return exchange cards (President: two, Vice-President: one)."""

    seat: int
    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "return": list(self.cards)}


Action = Play | Pass | Return

_KINDS = ("play", "pass", "return")


def parse_action(raw: object, players: int) -> Action | Refusal:
    """Turn a JSON action object into an Action, or BAD_ACTION when it is malformed."""
    if not isinstance(raw, Mapping):
        return Refusal(RejectionCode.BAD_ACTION, "an action must be an object")
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        return Refusal(RejectionCode.BAD_ACTION, f"seat must be an integer 0..{players - 1}")
    kinds = [kind for kind in _KINDS if kind in raw]
    if len(kinds) != 1:
        return Refusal(RejectionCode.BAD_ACTION, "exactly one of play, pass, return")
    kind = kinds[0]
    if kind == "pass":
        if raw["pass"] is not True:
            return Refusal(RejectionCode.BAD_ACTION, "pass must be true")
        return Pass(seat)
    cards = raw[kind]
    if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
        return Refusal(RejectionCode.BAD_ACTION, f"{kind} must be a list of card strings")
    if kind == "play":
        return Play(seat, tuple(cards))
    return Return(seat, tuple(cards))
