"""The engine's periodic looks at the log (its sweeps, the stall watch), and the lease
that lets one engine of a deployment at a time act on what the sweeps find."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from president.runtime.outages import log_failure

log = logging.getLogger(__name__)


class Leases(Protocol):
    """``EventStore.take_lease``."""

    async def take_lease(self, name: str, holder: str, seconds: float) -> bool: ...


class Leadership:
    """Whether this engine leads: it holds the lease ``name``, taken or renewed at each
    look for ``seconds``. A leader that stops looking (killed, frozen) loses it once it
    runs out, and the next engine to look takes it."""

    def __init__(self, leases: Leases, name: str, holder: str, seconds: float):
        self._leases, self._name, self._holder, self._seconds = leases, name, holder, seconds
        self.leading = False

    async def held(self) -> bool:
        try:
            leading = await self._leases.take_lease(self._name, self._holder, self._seconds)
        except Exception as error:
            log_failure(
                log, error, f"leadership {self._name}: the lease could not be read", again=False
            )
            leading = False
        if leading != self.leading:
            log.info("leadership %s: %s", self._name, "taken" if leading else "another's")
        self.leading = leading
        return leading


async def every(
    seconds: float,
    look: Callable[[], Awaitable[object]],
    stop: asyncio.Event,
    *,
    name: str,
    leader: Leadership | None = None,
) -> None:
    """Call ``look`` now, then every ``seconds`` until ``stop`` is set (only while
    ``leader`` holds its lease, when given); a failure is logged and tried next time."""
    while not stop.is_set():
        try:
            if leader is None or await leader.held():
                await look()
        except Exception as error:
            log_failure(log, error, f"{name}: failed; trying again", again=False)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), seconds)
