"""The engine's periodic looks at the log: its sweep and its stall watch."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from president.runtime.outages import log_failure

log = logging.getLogger(__name__)


async def every(
    seconds: float, look: Callable[[], Awaitable[object]], stop: asyncio.Event, *, name: str
) -> None:
    """Call ``look`` now, then every ``seconds`` until ``stop`` is set; a failure is
    logged and tried next time."""
    while not stop.is_set():
        try:
            await look()
        except Exception as error:
            log_failure(log, error, f"{name}: failed; trying again", again=False)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), seconds)
