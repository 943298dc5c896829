"""Percentiles of latency samples."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(samples: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile (0 < p <= 100); NaN without samples."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]
