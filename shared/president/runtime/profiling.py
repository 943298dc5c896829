"""A CPU profile of this process on demand: SIGUSR1 starts it, SIGUSR2 writes it as
pstats to ``<profile_dir>/<instance_id>.prof`` (``president bench e2e --profile``)."""

from __future__ import annotations

import asyncio
import cProfile
import logging
import os
import signal
import time
from pathlib import Path

log = logging.getLogger(__name__)


class CpuProfile:
    """cProfile on the CPU clock of the event loop's thread, between two signals."""

    def __init__(self, path: Path):
        self.path = path
        self._profile: cProfile.Profile | None = None

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.add_signal_handler(signal.SIGUSR1, self.start)
        loop.add_signal_handler(signal.SIGUSR2, self.write)

    def start(self) -> None:
        if self._profile is None:
            self._profile = cProfile.Profile(time.process_time)
            self._profile.enable()

    def write(self) -> None:
        """Stop profiling and write what was profiled (atomically: a reader never sees half)."""
        profile, self._profile = self._profile, None
        if profile is None:
            return
        profile.disable()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".partial")
        profile.dump_stats(partial)
        os.replace(partial, self.path)
        log.info("CPU profile written to %s", self.path)
