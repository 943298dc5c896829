"""The one way a test waits: for a condition, with a deadline (never a fixed sleep)."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable

Check = Callable[[], bool | Awaitable[bool]]


async def eventually(
    check: Check, within: float = 10.0, what: str = "", every: float = 0.05
) -> float:
    """Call ``check`` (a function or a coroutine function) every ``every`` seconds until it
    holds; the seconds that took. AssertionError, naming ``what``, when it still does not
    hold after ``within`` seconds (it is called once more at the deadline)."""
    started = time.monotonic()
    while True:
        held = check()
        if inspect.isawaitable(held):
            held = await held
        if held:
            return time.monotonic() - started
        if time.monotonic() - started > within:
            raise AssertionError(
                f"not within {within} s: {what or getattr(check, '__name__', check)}"
            )
        await asyncio.sleep(every)


def eventually_here(
    check: Callable[[], bool], within: float = 10.0, what: str = "", every: float = 0.05
) -> float:
    """:func:`eventually` for a test without an event loop."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > within:
            raise AssertionError(
                f"not within {within} s: {what or getattr(check, '__name__', check)}"
            )
        time.sleep(every)
    return time.monotonic() - started
