"""Game options and the rules version recorded in every game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from president.rules.errors import InvalidGameInput

RULES_VERSION = "cardverse-1.1.0"
MIN_PLAYERS = 3
MAX_PLAYERS = 6


class RoundLeader(StrEnum):
    """Who leads rounds 2+ (round 1 is always led by seat 0)."""

    ASSHOLE = "asshole"
    PRESIDENT = "president"
    FIRST_SEAT = "first_seat"


@dataclass(frozen=True, slots=True)
class Options:
    """The table's options; defaults are those of RULES.md."""

    players: int = 4
    revolution: bool = True
    rounds: int = 1
    round_leader: RoundLeader = RoundLeader.ASSHOLE

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise InvalidGameInput("players must be an integer")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InvalidGameInput(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
        if not isinstance(self.revolution, bool):
            raise InvalidGameInput("revolution must be true or false")
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or self.rounds < 1:
            raise InvalidGameInput("rounds must be a positive integer")
        if not isinstance(self.round_leader, RoundLeader):
            try:
                object.__setattr__(self, "round_leader", RoundLeader(self.round_leader))
            except ValueError as exc:
                raise InvalidGameInput(
                    "round_leader must be one of asshole, president, first_seat"
                ) from exc

    def to_dict(self) -> dict[str, object]:
        """The options as JSON-ready data."""
        return {
            "players": self.players,
            "revolution": self.revolution,
            "rounds": self.rounds,
            "round_leader": self.round_leader.value,
        }
