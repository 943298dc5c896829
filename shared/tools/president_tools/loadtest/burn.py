"""A process of its own that burns a set share of one core for a while, a busy loop
duty-cycled against its own CPU clock: the ticket-flood bench's control (the flooder's CPU
on the machine, without the flood)."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

SLICE_S = 0.001
"""How long it spins or sleeps before it looks at its CPU clock again."""


def burn(cpu_per_s: float, seconds: float) -> dict[str, float]:
    """For ``seconds``, spin while this process has used less than ``cpu_per_s`` CPU
    seconds per wall second since it began (one core at most: one thread), sleep while
    ahead; what it burned by its own clock (``cpu_s``) in how long (``seconds``)."""
    share = min(max(cpu_per_s, 0.0), 1.0)
    cpu_started, started = time.process_time(), time.monotonic()
    end = started + seconds
    while (now := time.monotonic()) < end:
        if time.process_time() - cpu_started < share * (now - started):
            until = min(now + SLICE_S, end)
            while time.monotonic() < until:
                pass
        else:
            time.sleep(SLICE_S)
    return {
        "cpu_per_s": round(share, 3),
        "seconds": round(time.monotonic() - started, 3),
        "cpu_s": round(time.process_time() - cpu_started, 3),
    }


async def burn_from_process(
    cpu_per_s: float, seconds: float, begin: Callable[[], None]
) -> dict[str, Any]:
    """:func:`burn` in a process of its own; ``begin`` when it starts."""
    from president_tools.loadtest.load import run_from_process

    args = [str(cpu_per_s), str(seconds)]
    return await run_from_process("president_tools.loadtest.burn", args, begin)


if __name__ == "__main__":
    share_arg, seconds_arg = sys.argv[1:3]
    print("burning", flush=True)
    print(json.dumps(burn(float(share_arg), float(seconds_arg))))
