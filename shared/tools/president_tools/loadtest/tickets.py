"""A flood of browser connections with bad seat tickets (issue 34), from a process of its
own at a steady rate, each going as a browser's up to the refusal, while all-AI tables
play: their actions/s before and during it (``kept``), as ``loadtest.flood`` measures."""

from __future__ import annotations

import asyncio
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
    """The all-AI tables played (as ``LoadOptions``) and the flood: ``rate`` connections a
    second for ``seconds``."""

    tables: int = 8
    players: int = 4
    level: str = "easy"
    warmup: float = 3.0
    before: float = 8.0
    rate: float = 1000.0
    seconds: float = 15.0
    finish_within: float = 60.0


async def _one(session: aiohttp.ClientSession, url: str, origin: str) -> str:
    """One browser-like attempt with a bad ticket: what the server answered."""
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
    except (TimeoutError, aiohttp.ClientError, OSError) as error:
        return type(error).__name__


async def ticket_flood(url: str, origin: str, rate: float, seconds: float) -> dict[str, Any]:
    """Attempts at ``rate`` a second for ``seconds`` (at most ``CONCURRENT`` under way);
    the count of each answer and the rate achieved."""
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

        started = time.monotonic()
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
    before and during a bad-ticket flood on ``websocket_url``, and what it was answered."""
    from president_tools.loadtest.load import LoadOptions, load_during

    flood: dict[str, Any] = {}

    async def during(begin: Callable[[], None]) -> None:
        flood["result"] = await ticket_flood_from_process(
            websocket_url, origin, options.rate, options.seconds, begin
        )

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
    before, during_rate, kept = result.kept
    return {
        "tables_in_play": options.tables,
        "before_actions_per_s": round(before, 1),
        "during_actions_per_s": round(during_rate, 1),
        "kept": round(kept, 3),
        "cpu_s_before": result.cpu_s,
        "cpu_s_during": result.cpu_during_s,
        "flood": flood["result"],
        "games_started": result.games_started,
        "games_ended": len(result.ended & set(result.table_ids)),
    }


async def _main(url: str, origin: str, rate: float, seconds: float) -> dict[str, Any]:
    print("sending", flush=True)
    return await ticket_flood(url, origin, rate, seconds)


if __name__ == "__main__":
    url_arg, origin_arg, rate_arg, seconds_arg = sys.argv[1:5]
    report = asyncio.run(_main(url_arg, origin_arg, float(rate_arg), float(seconds_arg)))
    print(json.dumps(report))
