"""The engine's periodic looks at the log: its sweep and its stall watch."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from president.runtime.outages import log_failure

log = logging.getLogger(__name__)


async def every(
    seconds: float,
    look: Callable[[], Awaitable[object]],
    stop: asyncio.Event,
    *,
    name: str,
    wake: asyncio.Event | None = None,
) -> None:
    """Call ``look`` now, then every ``seconds`` (or as soon as ``wake`` is set) until
    ``stop`` is set; a failure is logged and tried next time."""
    wake = asyncio.Event() if wake is None else wake
    while not stop.is_set():
        wake.clear()
        try:
            await look()
        except Exception as error:
            log_failure(log, error, f"{name}: failed; trying again", again=False)
        waits = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(wake.wait())]
        try:
            await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in waits:
                waiting.cancel()
