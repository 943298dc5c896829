"""The AI levels a seat can be given."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """How strong an AI seat plays (RULES.md, "AI levels"); ``random`` is the baseline."""

    RANDOM = "random"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
