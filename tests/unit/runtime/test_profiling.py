"""A process profiles its CPU between SIGUSR1 and SIGUSR2, and the bench sums it up."""

from __future__ import annotations

import asyncio
import os
import pstats
import signal
from pathlib import Path

import pytest
from president.runtime.profiling import CpuProfile
from president_tools.loadtest.profiles import collect, window_signals

pytestmark = pytest.mark.unit


def _busy(n: int) -> int:
    return sum(i * i for i in range(n))


async def _profiled(path: Path) -> None:
    loop = asyncio.get_running_loop()
    profile = CpuProfile(path)
    profile.install(loop)
    try:
        signal_all = window_signals({"me": os.getpid()})
        signal_all(True)
        await asyncio.sleep(0.05)  # the handler runs in the loop
        _busy(200_000)
        signal_all(False)
        await asyncio.sleep(0.05)
    finally:
        loop.remove_signal_handler(signal.SIGUSR1)
        loop.remove_signal_handler(signal.SIGUSR2)


def test_the_signals_start_and_write_a_profile_of_what_ran_between_them(tmp_path: Path) -> None:
    path = tmp_path / "engine-1.prof"

    asyncio.run(_profiled(path))

    functions = {name for (_, _, name) in pstats.Stats(str(path)).stats}  # type: ignore[attr-defined]
    assert "_busy" in functions
    assert not path.with_suffix(".partial").exists()


def test_the_bench_lists_each_process_top_frames_and_writes_a_summary(tmp_path: Path) -> None:
    asyncio.run(_profiled(tmp_path / "engine-1.prof"))

    found = collect(tmp_path, ["engine-1", "relay-1"], timeout=0.2)

    engine = found["engine-1"]
    assert engine["cpu_s"] > 0 and len(engine["top"]) > 0
    assert any(
        "_busy" in frame["function"] or "genexpr" in frame["function"] for frame in engine["top"]
    )
    assert (tmp_path / "engine-1.txt").read_text().count("Ordered by") == 2
    assert found["relay-1"] == {"file": None}  # no profile came: said, not guessed
