"""The figures of issue 18's closing note from one ``bench e2e`` window (pure arithmetic):
actions against bare Postgres commits, CPU per action by process, bytes per action."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SERVICE_ROLES = frozenset({"relay", "table", "engine", "ai-worker"})
"""The four services of the issue's CPU target (``services``); an auditor, when one runs,
counts in ``all`` but not there."""


def cpu_probe_ms(repeats: int = 5, loops: int = 1_000_000) -> float:
    """How fast this machine runs one process now: the fastest of ``repeats`` runs of a
    fixed pure-Python loop, in milliseconds (about 55 on a quiet 2.1 GHz Xeon core). The
    fastest leaves out a run that was preempted; what stays slow is the host lending fewer
    cycles (another guest's load, throttling), which no figure of the run itself shows."""
    best = math.inf
    for _ in range(repeats):
        start, total = time.perf_counter(), 0
        for n in range(loops):
            total += n * n
        best = min(best, time.perf_counter() - start)
    return 1000 * best


def role_of(process: str) -> str:
    """``engine-2`` -> ``engine``: a stack's process names are ``<role>-<index>``."""
    role, _, index = process.rpartition("-")
    return role if role and index.isdigit() else process


@dataclass(frozen=True)
class Window:
    """What the bench counted between the measured window's opening and closing."""

    actions: int
    seconds: float
    cpu_s_by_process: Mapping[str, float] = field(default_factory=dict)
    """The service processes' CPU seconds."""
    cpu_s_by_server: Mapping[str, float] = field(default_factory=dict)
    """The embedded servers' CPU seconds (Postgres with its backends, each nats-server)."""
    prompt_bytes: int | None = None
    """Bytes the prompts stream grew by (None: not measured)."""
    decision_request_bytes: int | None = None
    """Bytes of the decision requests published (None: not measured)."""

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0


def ratio_to_pg_commits(actions_per_s: float, pg_commits_per_s: float | None) -> float | None:
    """The system's actions/s as a share of what one bare Postgres commit per action allows."""
    if not pg_commits_per_s:
        return None
    return actions_per_s / pg_commits_per_s


def cpu_ms_per_action(window: Window) -> dict[str, float] | None:
    """Milliseconds of CPU per action of each process and server, with the sums
    ``services`` (the four services), ``servers`` and ``all``; None without actions."""
    if window.actions <= 0:
        return None
    per = {name: 1000 * s / window.actions for name, s in window.cpu_s_by_process.items()}
    servers = {name: 1000 * s / window.actions for name, s in window.cpu_s_by_server.items()}
    services = sum(ms for name, ms in per.items() if role_of(name) in SERVICE_ROLES)
    return (
        per
        | servers
        | {
            "services": services,
            "servers": sum(servers.values()),
            "all": sum(per.values()) + sum(servers.values()),
        }
    )


def bytes_per_action(count: int | None, actions: int) -> float | None:
    """``count`` bytes shared over ``actions`` (None when either is missing)."""
    if count is None or actions <= 0:
        return None
    return count / actions


def figures(window: Window, pg_commits_per_s: float | None) -> dict[str, Any]:
    """The keys ``bench e2e --json`` adds for the closing note."""
    return {
        "ratio_to_pg_commits": ratio_to_pg_commits(window.actions_per_s, pg_commits_per_s),
        "cpu_s_by_server": dict(window.cpu_s_by_server),
        "cpu_ms_per_action": cpu_ms_per_action(window),
        "prompt_bytes": window.prompt_bytes,
        "prompt_bytes_per_action": bytes_per_action(window.prompt_bytes, window.actions),
        "decision_request_bytes": window.decision_request_bytes,
        "decision_request_bytes_per_action": bytes_per_action(
            window.decision_request_bytes, window.actions
        ),
    }
