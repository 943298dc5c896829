"""What a tournament plays: the table, the lineup, the deals, the search bounds."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from president.ai.level import Level


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """A seeded tournament.

    The lineup is cycled over the seats; each deal is played once per rotation
    of the lineup (rotation ``k`` seats ``lineup[(seat + k) % len(lineup)]``),
    so every level sits at every seat on every deal.
    """

    players: int
    lineup: tuple[Level, ...]
    deals: int
    seed: int
    rounds: int = 1
    budget_ms: float | None = None
    iterations: int | None = None

    @property
    def rotations(self) -> int:
        return len(self.lineup)

    def level_at(self, seat: int, rotation: int) -> Level:
        return self.lineup[(seat + rotation) % len(self.lineup)]

    def deal_seed(self, deal: int) -> str:
        """The seed of a deal's rounds (round ``r`` is dealt from ``"<this>:<r>"``)."""
        return f"{self.seed}/{deal}"

    def bot_seed(self, deal: int, rotation: int, seat: int) -> int:
        """An independent random stream for each bot of each game."""
        text = f"{self.seed}|{deal}|{rotation}|{seat}".encode()
        return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def parse_lineup(text: str) -> tuple[Level, ...]:
    """``"hard,medium,medium"`` -> levels; raises ValueError for an unknown level."""
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    if not names:
        raise ValueError("the lineup names at least one level")
    return tuple(Level(name) for name in names)
