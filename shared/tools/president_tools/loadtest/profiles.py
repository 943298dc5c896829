"""CPU profiles of the stack's processes over a measured window: signalled to start and
write (``president.runtime.profiling``), then summed up as their top frames."""

from __future__ import annotations

import contextlib
import os
import pstats
import signal
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

TOP = 15


def window_signals(pids: Mapping[str, int]) -> Callable[[bool], None]:
    """What ``run_load(window=...)`` calls: SIGUSR1 to every process as the window opens,
    SIGUSR2 as it closes."""

    def signal_all(opening: bool) -> None:
        for pid in pids.values():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGUSR1 if opening else signal.SIGUSR2)

    return signal_all


def collect(directory: Path, names: list[str], *, timeout: float = 10.0) -> dict[str, Any]:
    """Each process's profile (waited for up to ``timeout`` s): its file, a text summary
    ``<name>.txt`` beside it, and its top frames by own CPU time."""
    deadline = time.monotonic() + timeout
    found: dict[str, Any] = {}
    for name in names:
        path = directory / f"{name}.prof"
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        if not path.exists():
            found[name] = {"file": None}
            continue
        stats = pstats.Stats(str(path))
        with (directory / f"{name}.txt").open("w") as text:
            summary = pstats.Stats(str(path), stream=text)
            summary.sort_stats("tottime").print_stats(40)
            summary.sort_stats("cumulative").print_stats(40)
        found[name] = {
            "file": str(path),
            "cpu_s": round(_total(stats), 3),
            "top": top_frames(stats),
        }
    return found


def top_frames(stats: pstats.Stats, count: int = TOP) -> list[dict[str, Any]]:
    """The ``count`` functions of most own CPU time: where, own and cumulative seconds."""
    rows = [
        (own, cumulative, f"{Path(file).name}:{line}({function})")
        for (file, line, function), (_, _, own, cumulative, _) in stats.stats.items()  # type: ignore[attr-defined]
    ]
    rows.sort(reverse=True)
    return [
        {"function": where, "own_s": round(own, 4), "cumulative_s": round(cumulative, 4)}
        for own, cumulative, where in rows[:count]
    ]


def _total(stats: pstats.Stats) -> float:
    return sum(own for _, _, own, _, _ in stats.stats.values())  # type: ignore[attr-defined]
