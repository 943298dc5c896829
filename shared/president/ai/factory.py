"""Building a policy for a level: the one place that knows every level."""

from __future__ import annotations

from president.ai.easy import EasyPolicy
from president.ai.hard import HardPolicy
from president.ai.level import Level
from president.ai.medium import MediumPolicy
from president.ai.policy import Policy
from president.ai.random_level import RandomPolicy


def make_policy(
    level: Level | str,
    *,
    seed: int | None = None,
    budget_ms: float | None = None,
    iterations: int | None = None,
) -> Policy:
    """A policy of ``level``. ``seed`` fixes its random streams (None: fresh entropy);
    ``budget_ms`` / ``iterations`` bound Hard's search (others ignore them).

    Raises ValueError for an unknown level.
    """
    level = Level(level)
    if level is Level.RANDOM:
        return RandomPolicy(seed)
    if level is Level.EASY:
        return EasyPolicy(seed)
    if level is Level.MEDIUM:
        return MediumPolicy(seed)
    return HardPolicy(seed, budget_ms, iterations)
