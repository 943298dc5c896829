"""What one experiment measured, and the verdict."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

RECOVERY_TARGET_S = 10.0
"""The issue's target: the first action comes within 10 s of the fault's end."""


@dataclass
class ExperimentResult:
    """The figures of one experiment; ``passed`` when every check held.

    ``events_lost`` / ``events_doubled`` add up the Postgres log (version gaps; a command
    acted in more than one transaction) and the relay's subjects (an event whose message is
    missing from JetStream, or there more than once). ``recovery_s``: from the fault's end
    until the first action committed after it is on the public subjects (None: none came).
    ``longest_pause_s``: the longest time without any action published from the fault's
    start until the games ended. ``verdicts_*``: finished games the auditor gave no verdict
    (within 60 s), more than one, or an ``AuditFailed``.
    """

    name: str
    fault_s: float = 0.0
    recovery_s: float | None = None
    longest_pause_s: float | None = None
    games_started: int = 0
    games_finished: int = 0
    audits_clean: int = 0
    verdicts_missing: int = 0
    verdicts_doubled: int = 0
    verdicts_failed: int = 0
    events_lost: int = 0
    events_doubled: int = 0
    pg_events_lost: int = 0
    pg_events_doubled: int = 0
    js_events_lost: int = 0
    js_events_doubled: int = 0
    js_events_expired: int = 0
    actions: int = 0
    start_failures: int = 0
    restarts: dict[str, int] = field(default_factory=dict)
    processes: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    duration_s: float = 0.0

    @property
    def passed(self) -> bool:
        return not self.failures

    def fail(self, reason: str) -> None:
        self.failures.append(reason)

    def judge(self, *, recovery_target: float | None = RECOVERY_TARGET_S) -> None:
        """Add the failures of the checks every experiment shares."""
        self.events_lost = self.pg_events_lost + self.js_events_lost
        self.events_doubled = self.pg_events_doubled + self.js_events_doubled
        if self.games_started == 0:
            self.fail("no game started")
        if self.games_finished != self.games_started:
            self.fail(f"{self.games_started - self.games_finished} game(s) never finished")
        if self.audits_clean != self.games_started:
            self.fail(f"{self.games_started - self.audits_clean} game(s) not audited clean")
        if self.verdicts_missing or self.verdicts_doubled or self.verdicts_failed:
            self.fail(
                f"verdicts: {self.verdicts_missing} game(s) without one, "
                f"{self.verdicts_doubled} doubled, {self.verdicts_failed} AuditFailed"
            )
        if self.events_lost:
            self.fail(
                f"{self.events_lost} event(s) lost "
                f"(log {self.pg_events_lost}, JetStream {self.js_events_lost})"
            )
        if self.events_doubled:
            self.fail(
                f"{self.events_doubled} event(s) doubled "
                f"(log {self.pg_events_doubled}, JetStream {self.js_events_doubled})"
            )
        unhealthy = {name: state for name, state in self.processes.items() if state != "ready"}
        if unhealthy:
            self.fail(f"processes up but not serving: {unhealthy}")
        if recovery_target is not None:
            if self.recovery_s is None:
                self.fail("no action after the fault ended")
            elif self.recovery_s > recovery_target:
                self.fail(f"recovery {self.recovery_s:.1f}s is over {recovery_target:.0f}s")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "passed": self.passed,
            "fault_s": _round(self.fault_s),
            "recovery_s": _round(self.recovery_s),
            "longest_pause_s": _round(self.longest_pause_s),
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "audits_clean": self.audits_clean,
            "verdicts": {
                "missing": self.verdicts_missing,
                "doubled": self.verdicts_doubled,
                "failed": self.verdicts_failed,
            },
            "events_lost": self.events_lost,
            "events_doubled": self.events_doubled,
            "log": {"lost": self.pg_events_lost, "doubled": self.pg_events_doubled},
            "jetstream": {
                "lost": self.js_events_lost,
                "doubled": self.js_events_doubled,
                "expired_by_limits": self.js_events_expired,
            },
            "actions": self.actions,
            "start_failures": self.start_failures,
            "restarts": self.restarts,
            "processes": self.processes,
            "duration_s": _round(self.duration_s),
            "detail": "; ".join(self.failures) if self.failures else "ok",
            "notes": self.notes,
            **{key: _round(value) for key, value in self.extra.items()},
        }


def _round(value: Any) -> Any:
    if isinstance(value, float):
        return None if math.isnan(value) else round(value, 2)
    return value
