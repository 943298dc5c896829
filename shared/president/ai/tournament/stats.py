"""Per-level figures of a tournament (points per round with a 95% interval over per-deal
means, first and last shares, decision times) and the levels' order by paired gaps."""

from __future__ import annotations

import itertools
import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from president.ai.level import Level
from president.ai.tournament.games import PlayedGame

_T95 = (
    (1, 12.706),
    (2, 4.303),
    (3, 3.182),
    (4, 2.776),
    (5, 2.571),
    (6, 2.447),
    (7, 2.365),
    (8, 2.306),
    (9, 2.262),
    (10, 2.228),
    (12, 2.179),
    (15, 2.131),
    (20, 2.086),
    (25, 2.060),
    (30, 2.042),
    (40, 2.021),
    (60, 2.000),
    (120, 1.980),
)


def t95(df: int) -> float:
    """Two-sided 95% Student t quantile (conservative between table rows)."""
    value = 1.96
    for rows_df, quantile in reversed(_T95):
        if df >= rows_df:
            return quantile if rows_df < 120 or df < 1000 else value
    return _T95[0][1]


@dataclass(frozen=True, slots=True)
class LevelFigures:
    """What one level achieved over the tournament."""

    level: Level
    seats: int
    rounds: int
    points_per_round: float
    ci95_low: float
    ci95_high: float
    first_share: float
    last_share: float
    decisions: int
    decision_p50_ms: float
    decision_p95_ms: float

    def to_dict(self) -> dict[str, float | int]:
        return {
            "seats": self.seats,
            "rounds": self.rounds,
            "points_per_round": round(self.points_per_round, 4),
            "ci95_low": round(self.ci95_low, 4),
            "ci95_high": round(self.ci95_high, 4),
            "first_share": round(self.first_share, 4),
            "last_share": round(self.last_share, 4),
            "decisions": self.decisions,
            "decision_p50_ms": round(self.decision_p50_ms, 3),
            "decision_p95_ms": round(self.decision_p95_ms, 3),
        }


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def mean_interval(samples: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% interval of independent samples."""
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, mean, mean
    half = t95(len(samples) - 1) * statistics.stdev(samples) / math.sqrt(len(samples))
    return mean, mean - half, mean + half


@dataclass(frozen=True, slots=True)
class Gap:
    """How many more points per round ``higher`` took than ``lower`` on the same deals.

    Paired by deal: each deal gives one sample, the difference of the two levels'
    mean points per round on its cards, so the deal's luck cancels out and the
    interval is far tighter than the two levels' own intervals side by side.
    ``ci95_low > 0`` is the evidence that ``higher`` is the stronger level.
    """

    higher: Level
    lower: Level
    deals: int
    difference: float
    ci95_low: float
    ci95_high: float

    def to_dict(self) -> dict[str, str | float | int | None]:
        """JSON-ready; bounds are None when fewer than two deals leave them unknown."""
        return {
            "higher": self.higher.value,
            "lower": self.lower.value,
            "deals": self.deals,
            "difference": _finite(self.difference),
            "ci95_low": _finite(self.ci95_low),
            "ci95_high": _finite(self.ci95_high),
        }


def _finite(value: float) -> float | None:
    return round(value, 4) if math.isfinite(value) else None


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """Per-level figures (in the order levels first appear), the levels from the
    fewest points per round to the most, and the gap between each neighbour pair."""

    levels: dict[Level, LevelFigures]
    order: tuple[Level, ...]
    gaps: tuple[Gap, ...]

    @property
    def order_holds(self) -> bool:
        """Whether every neighbour in ``order`` is ahead of the one below by a
        margin whose 95% interval excludes zero."""
        return all(gap.ci95_low > 0 for gap in self.gaps)


def summarize(records: Iterable[PlayedGame], players: int) -> TournamentResult:
    """Figures per level, the ranking and the paired gaps between neighbours."""
    points: dict[Level, list[int]] = defaultdict(list)
    places: dict[Level, list[int]] = defaultdict(list)
    by_deal: dict[Level, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    seats: dict[Level, int] = defaultdict(int)
    times: dict[Level, list[float]] = defaultdict(list)
    for record in records:
        for seat in record.seats:
            seats[seat.level] += 1
            points[seat.level].extend(seat.points)
            places[seat.level].extend(seat.places)
            by_deal[seat.level][record.deal].extend(seat.points)
        for level, spent in record.times.items():
            times[level].extend(spent)
    figures: dict[Level, LevelFigures] = {}
    for level, level_points in points.items():
        deals = by_deal[level]
        if len(deals) >= 2:
            samples = [statistics.fmean(values) for values in deals.values()]
        else:
            samples = [float(p) for p in level_points]
        _, low, high = mean_interval(samples)
        ms = [t * 1000 for t in times[level]]
        figures[level] = LevelFigures(
            level=level,
            seats=seats[level],
            rounds=len(level_points),
            points_per_round=statistics.fmean(level_points),
            ci95_low=low,
            ci95_high=high,
            first_share=places[level].count(1) / len(places[level]),
            last_share=places[level].count(players) / len(places[level]),
            decisions=len(ms),
            decision_p50_ms=percentile(ms, 0.5),
            decision_p95_ms=percentile(ms, 0.95),
        )
    order = tuple(sorted(figures, key=lambda level: figures[level].points_per_round))
    gaps = tuple(
        paired_gap(higher, lower, by_deal[higher], by_deal[lower])
        for lower, higher in itertools.pairwise(order)
    )
    return TournamentResult(figures, order, gaps)


def paired_gap(
    higher: Level,
    lower: Level,
    higher_points: dict[int, list[int]],
    lower_points: dict[int, list[int]],
) -> Gap:
    """``higher`` minus ``lower`` in points per round, one sample per deal both played."""
    common = [deal for deal in higher_points if deal in lower_points]
    samples = [
        statistics.fmean(higher_points[deal]) - statistics.fmean(lower_points[deal])
        for deal in common
    ]
    if len(samples) < 2:  # no spread to judge by: the bounds are unknown
        mean = statistics.fmean(samples) if samples else math.nan
        return Gap(higher, lower, len(samples), mean, -math.inf, math.inf)
    mean, low, high = mean_interval(samples)
    return Gap(higher, lower, len(samples), mean, low, high)
