"""AI seats: levels Random, Easy, Medium and Hard, each deciding from an Observation only.
``make_policy(level, seed=..., budget_ms=...)`` gives a stateless policy whose
``decide(view)`` (or ``await decide_async(policy, view)``) is one of ``view.legal_actions``."""

from president.ai.factory import make_policy
from president.ai.level import Level
from president.ai.policy import HistoryMissing, Policy, decide_async

__all__ = ["HistoryMissing", "Level", "Policy", "decide_async", "make_policy"]
