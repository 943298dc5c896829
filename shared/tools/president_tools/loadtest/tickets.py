"""A flood of browser connections with bad seat tickets (issue 34), from a process of its
own at a steady rate, while all-AI tables play: their actions/s before it, during it, and
around it while a process burns the flooder's CPU with no flood (the control)."""

from __future__ import annotations

import asyncio
import errno
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

CONCURRENT = 200
"""Connections under way at once at most (the flooder's own limit)."""
BAD_TICKET = "eyJ0IjoiZm9yZ2VkIn0.bm90LWEtbWFj"
"""A ticket of the right shape (claims, a dot, a MAC) that no lobby signed."""


@dataclass(frozen=True)
class TicketFloodOptions:
    """The all-AI tables played (as ``LoadOptions``), the flood (``rate`` connections a
    second for ``seconds``) and the control around it (half of ``seconds`` before it,
    half after)."""

    tables: int = 8
    players: int = 4
    level: str = "easy"
    warmup: float = 3.0
    before: float = 8.0
    rate: float = 1000.0
    seconds: float = 15.0
    probe: float = 2.0
    """Seconds of flood first, measuring nothing but the flooder's CPU per second: the
    control's first half, before the flood, burns at that rate."""
    finish_within: float = 60.0


async def _one(session: aiohttp.ClientSession, url: str, origin: str) -> str:
    """One browser-like attempt with a bad ticket: what the server answered (``refused``:
    nats-server's ``Authorization Violation``; ``reset``: closed before the upgrade, as
    the door refuses an address over its budget of bad tickets)."""
    try:
        timeout = aiohttp.ClientWSTimeout(ws_receive=10, ws_close=10)
        async with session.ws_connect(url, headers={"Origin": origin}, timeout=timeout) as ws:
            info = await ws.receive(timeout=10)
            if info.type not in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                return "no INFO"
            connect = {"auth_token": BAD_TICKET, "verbose": False, "protocol": 1}
            await ws.send_bytes(b"CONNECT " + json.dumps(connect).encode() + b"\r\nPING\r\n")
            answer = await ws.receive(timeout=10)
            data = answer.data if isinstance(answer.data, bytes | str) else b""
            text = data.decode(errors="replace") if isinstance(data, bytes) else data
            if "Authorization Violation" in text:
                return "refused"
            if "PONG" in text:
                return "accepted"
            return "closed" if answer.type == aiohttp.WSMsgType.CLOSE else text[:40] or "other"
    except aiohttp.WSServerHandshakeError as refused:
        return f"http {refused.status}"
    except aiohttp.ClientConnectorError as error:  # nothing listens: not a refusal
        return "reset" if error.os_error.errno == errno.ECONNRESET else type(error).__name__
    except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError):
        return "reset"  # closed before the upgrade: the door refused the address
    except (TimeoutError, aiohttp.ClientError, OSError) as error:
        return type(error).__name__


async def ticket_flood(url: str, origin: str, rate: float, seconds: float) -> dict[str, Any]:
    """Attempts at ``rate`` a second for ``seconds`` (at most ``CONCURRENT`` under way);
    the count of each answer, the rate achieved and the process's CPU (``flooder_cpu_s``,
    its start included; ``sending_cpu_s``, from the first attempt)."""
    answers: Counter[str] = Counter()
    room = asyncio.Semaphore(CONCURRENT)
    tasks: set[asyncio.Task[None]] = set()
    connector = aiohttp.TCPConnector(limit=0, force_close=True)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def attempt() -> None:
            try:
                answers[await _one(session, url, origin)] += 1
            finally:
                room.release()

        started, cpu_started = time.monotonic(), time.process_time()
        count = int(rate * seconds)
        for n in range(count):
            await room.acquire()
            delay = started + n / rate - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            task = asyncio.create_task(attempt())
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.wait(tasks)
        elapsed = time.monotonic() - started
    return {
        "attempts": count,
        "seconds": round(elapsed, 3),
        "per_s": round(count / elapsed, 1) if elapsed else 0.0,
        "answers": dict(answers),
        "flooder_cpu_s": round(time.process_time(), 3),
        "sending_cpu_s": round(time.process_time() - cpu_started, 3),
    }


async def ticket_flood_from_process(
    url: str, origin: str, rate: float, seconds: float, begin: Callable[[], None]
) -> dict[str, Any]:
    """:func:`ticket_flood` in a process of its own; ``begin`` when it starts."""
    from president_tools.loadtest.load import run_from_process

    args = [url, origin, str(rate), str(seconds)]
    return await run_from_process("president_tools.loadtest.tickets", args, begin)


async def measure_ticket_flood(
    players_url: str,
    prefix: str,
    websocket_url: str,
    origin: str,
    options: TicketFloodOptions,
    pids: dict[str, int] | None = None,
) -> dict[str, Any]:
    """All-AI tables kept in play (as the identity of ``players_url``): their actions/s
    before a bad-ticket flood on ``websocket_url`` (``kept``: during it against before)
    and around it while a process burns the flooder's CPU with no flood
    (``kept_vs_control``: during it against that control), and what it was answered."""
    from president_tools.loadtest.burn import burn_from_process
    from president_tools.loadtest.load import LoadOptions, Mark, load_during

    runs: dict[str, dict[str, Any]] = {}
    half = options.seconds / 2

    async def flood(seconds: float, begin: Callable[[], None]) -> dict[str, Any]:
        return await ticket_flood_from_process(websocket_url, origin, options.rate, seconds, begin)

    async def during(mark: Mark) -> None:
        runs["probe"] = await flood(options.probe, lambda: None)
        runs["control-1"] = await burn_from_process(
            _cpu_per_s(runs["probe"]), half, lambda: mark("control-1")
        )
        mark(None)
        runs["flood"] = await flood(options.seconds, lambda: mark("flood"))
        mark(None)
        first = runs["control-1"]
        owed = _cpu_per_s(runs["flood"]) * (first["seconds"] + half) - first["cpu_s"]
        runs["control-2"] = await burn_from_process(owed / half, half, lambda: mark("control-2"))

    load = LoadOptions(
        tables=options.tables,
        players=options.players,
        level=options.level,
        warmup=options.warmup,
        duration=options.before,
    )
    result = await load_during(
        players_url, prefix, load, during, pids, options.finish_within, "bench-tickets-players"
    )
    before, during_rate, kept = result.kept("flood")
    halves = [result.windows["control-1"], result.windows["control-2"]]
    control = halves[0] + halves[1]
    burners = [runs["control-1"], runs["control-2"]]
    return {
        "tables_in_play": options.tables,
        "before_actions_per_s": round(before, 1),
        "during_actions_per_s": round(during_rate, 1),
        "kept": round(kept, 3),
        "control_actions_per_s": round(control.actions_per_s, 1),
        "control_cpu_s": round(sum(burner["cpu_s"] for burner in burners), 3),
        "kept_vs_control": round(during_rate / control.actions_per_s, 3)
        if control.actions_per_s
        else 0.0,
        "cpu_s_before": result.cpu_s,
        "cpu_s_during": result.windows["flood"].cpu_s,
        "during_s": round(result.windows["flood"].seconds, 3),
        "during_actions": result.windows["flood"].actions,
        "cpu_s_control": control.cpu_s,
        "flood": runs["flood"],
        "control": {
            "flooder_cpu_per_s": round(_cpu_per_s(runs["flood"]), 3),
            "window_s": round(control.seconds, 3),
            "halves": [
                window.to_json() | {"burner": burner}
                for window, burner in zip(halves, burners, strict=True)
            ],
            "probe": runs["probe"],
        },
        "games_started": result.games_started,
        "games_ended": len(result.ended & set(result.table_ids)),
    }


def _cpu_per_s(flood: dict[str, Any]) -> float:
    """The flooder's CPU seconds per wall second while it sent."""
    return float(flood["sending_cpu_s"] / flood["seconds"]) if flood["seconds"] else 0.0


async def _main(url: str, origin: str, rate: float, seconds: float) -> dict[str, Any]:
    print("sending", flush=True)
    return await ticket_flood(url, origin, rate, seconds)


if __name__ == "__main__":
    url_arg, origin_arg, rate_arg, seconds_arg = sys.argv[1:5]
    report = asyncio.run(_main(url_arg, origin_arg, float(rate_arg), float(seconds_arg)))
    print(json.dumps(report))
