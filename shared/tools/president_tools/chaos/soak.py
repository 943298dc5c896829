"""``president chaos --soak SECONDS``: a steady load with no fault; each process's memory,
actions per second, games finished and audited."""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import replace
from typing import Any

import psutil
from president.audit import audit_events
from president.contract import stream_id_of_game
from president.store.postgres import PostgresEventStore

from president_tools.chaos.environment import SINGLE
from president_tools.chaos.lab import ChaosLab, LabOptions
from president_tools.loadtest import run_load

FIRST_MINUTE_S = 60.0


def _resident_mb(pids: dict[str, int]) -> dict[str, float]:
    sizes: dict[str, float] = {}
    for name, pid in pids.items():
        with contextlib.suppress(psutil.Error):
            sizes[name] = psutil.Process(pid).memory_info().rss / 2**20
    return sizes


async def run_soak(seconds: float, options: LabOptions) -> dict[str, Any]:
    """Play ``options.load.tables`` all-AI games at once (each finished game replaced) for
    ``seconds``; sample memory; audit every game that finished."""
    async with ChaosLab((), options) as lab:
        environment = await lab.environment(SINGLE)
        pids = {
            name: process.pid
            for name, process in environment.services.processes.items()
            if process.pid is not None
        }
        samples: dict[str, dict[str, float]] = {"start": _resident_mb(pids)}

        async def sample_after_first_minute() -> None:
            await asyncio.sleep(FIRST_MINUTE_S)
            samples["after_first_minute"] = _resident_mb(pids)

        sampler = asyncio.create_task(sample_after_first_minute())
        load = replace(options.load, warmup=0.0, duration=seconds)
        began = time.monotonic()
        result = await run_load(environment.presidents, load, pids)
        sampler.cancel()
        samples["end"] = _resident_mb(pids)
        clean = await _audit(environment.database_url, result.finished_tables)
        restarted = {n for n, p in environment.services.processes.items() if p.pid != pids.get(n)}
        return {
            "duration_s": round(time.monotonic() - began, 1),
            "actions": result.actions,
            "actions_per_s": round(result.actions / result.window_s, 1) if result.window_s else 0,
            "games_started": result.games_started,
            "games_finished": len(result.finished_tables),
            "audits_clean": clean,
            "start_failures": result.start_failures,
            "rss_mb": {
                name: {
                    "start": round(samples["start"].get(name, 0.0), 1),
                    "after_first_minute": _rounded(samples.get("after_first_minute", {}).get(name)),
                    "end": round(samples["end"].get(name, 0.0), 1),
                }
                for name in pids
            },
            "restarted": sorted(restarted),
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


async def _audit(database_url: str, tables: list[str]) -> int:
    store = await PostgresEventStore.connect(database_url)
    try:
        clean = 0
        for table_id in tables:
            events = await store.read_stream(stream_id_of_game(table_id))
            if events and audit_events(events, table_id).ok:
                clean += 1
        return clean
    finally:
        await store.close()
