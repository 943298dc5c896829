"""Keep ``tables`` all-AI games in play through the services and count what happens:
actions on the public subjects, command round trips from the AI workers' stats."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson
from nats.aio.msg import Msg
from president.client import PresidentClient

from president_tools.loadtest.stats import percentile

ACTIONS = (b'"CardsPlayed"', b'"Passed"', b'"CardsReturned"')
Mark = Callable[[str | None], None]
"""What ``run_load`` gives its ``during``: open a named window, or close (None)."""


@dataclass(frozen=True)
class LoadOptions:
    tables: int = 40
    players: int = 4
    rounds: int = 1
    level: str = "easy"
    warmup: float = 3.0
    duration: float = 20.0
    turn_seconds: float | None = None
    """Tables on a turn clock (None: none)."""
    absent: int | None = None
    """A seat of every table taken by a person who never acts (it times out)."""


@dataclass
class Window:
    """What ``run_load`` counted in the windows its ``during`` marked with one name."""

    actions: int = 0
    seconds: float = 0.0
    cpu_s: dict[str, float] = field(default_factory=dict)

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def __add__(self, other: Window) -> Window:
        """Both windows as one (their actions, seconds and each process's CPU summed)."""
        cpu = {
            name: round(self.cpu_s.get(name, 0.0) + other.cpu_s.get(name, 0.0), 3)
            for name in self.cpu_s | other.cpu_s
        }
        return Window(self.actions + other.actions, self.seconds + other.seconds, cpu)

    def to_json(self) -> dict[str, Any]:
        return {
            "actions": self.actions,
            "window_s": round(self.seconds, 3),
            "actions_per_s": round(self.actions_per_s, 1),
        }


@dataclass
class LoadResult:
    """Counts inside the measurement window (after the warm-up)."""

    options: LoadOptions
    window_s: float = 0.0
    actions: int = 0
    rtt_ms: list[float] = field(default_factory=list)
    decide_ms: list[float] = field(default_factory=list)
    rejected: Counter[str] = field(default_factory=Counter)
    retries: int = 0
    games_started: int = 0
    games_finished: int = 0
    start_failures: int = 0
    start_errors: Counter[str] = field(default_factory=Counter)
    """Why starts failed: the refusal's code, or the error's type."""
    cpu_s: dict[str, float] = field(default_factory=dict)
    window: tuple[datetime, datetime] | None = None
    """The measurement window by the wall clock (to pick the log's events in it)."""
    windows: dict[str, Window] = field(default_factory=dict)
    """What ``run_load``'s ``during`` measured, by the names it marked."""
    table_ids: list[str] = field(default_factory=list)
    """Every table started."""
    ended: set[str] = field(default_factory=set)
    """The tables whose game ended (seen on the public subjects)."""
    finished_tables: list[str] = field(default_factory=list)

    @property
    def actions_per_s(self) -> float:
        """In the measured window."""
        return self.actions / self.window_s if self.window_s else 0.0

    def kept(self, name: str) -> tuple[float, float, float]:
        """Actions/s in the measured window, in ``during``'s window ``name``, and the
        share of the first the second kept (0 when there is no first)."""
        before, during = self.actions_per_s, self.windows.get(name, Window()).actions_per_s
        return before, during, during / before if before else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "actions_per_s": self.actions_per_s,
            "rtt_p50_ms": percentile(self.rtt_ms, 50),
            "rtt_p99_ms": percentile(self.rtt_ms, 99),
            "rtt_samples": len(self.rtt_ms),
            "decide_p50_ms": percentile(self.decide_ms, 50),
            "actions": self.actions,
            "window_s": round(self.window_s, 3),
            "tables_in_play": self.options.tables,
            "players": self.options.players,
            "level": self.options.level,
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "start_failures": self.start_failures,
            "start_errors": dict(self.start_errors),
            "rejected": dict(self.rejected),
            "retries": self.retries,
            "cpu_s_by_process": self.cpu_s,
        }


class _Meter:
    def __init__(self, result: LoadResult):
        self.result = result
        self.measuring = False
        self.marked: Window | None = None
        """The window ``during`` marked open."""

    def on_public(self, msg: Msg) -> bool:
        """Count an action; True when the message ends a game."""
        head = msg.data[:400]
        if any(kind in head for kind in ACTIONS):
            if self.measuring:
                self.result.actions += 1
            elif self.marked is not None:
                self.marked.actions += 1
        if b'"GameEnded"' in head:
            self.result.ended.add(msg.subject.split(".")[-2])
            return True
        return False

    def on_stats(self, msg: Msg) -> None:
        if not self.measuring:
            return
        report = orjson.loads(msg.data)
        self.result.rtt_ms += report["rtt_ms"]
        self.result.decide_ms += report["decide_ms"]
        self.result.retries += report["retries"]
        self.result.rejected.update(report["rejected"])


def _cpu_seconds(pids: dict[str, int]) -> dict[str, float]:
    import psutil

    used: dict[str, float] = {}
    for name, pid in pids.items():
        try:
            process = psutil.Process(pid)
            family = [process, *process.children(recursive=True)]  # Postgres: its backends
        except psutil.Error:
            continue
        for member in family:
            with contextlib.suppress(psutil.Error):
                times = member.cpu_times()
                used[name] = used.get(name, 0.0) + times.user + times.system
    return used


def _cpu_since(before: dict[str, float], pids: dict[str, int]) -> dict[str, float]:
    """CPU seconds each process used since ``before`` was read."""
    return _cpu_between(before, _cpu_seconds(pids))


def _cpu_between(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {name: round(after[name] - before[name], 3) for name in after if name in before}


async def start_ai_table(client: PresidentClient, options: LoadOptions, name: str = "bench") -> str:
    """Create a table whose every seat is an AI of ``options.level`` (but the absent seat's,
    taken by a person who never acts) and start its game."""
    clock = None if options.turn_seconds is None else {"turn_seconds": options.turn_seconds}
    ai_seats = dict.fromkeys(range(options.players), options.level)
    ai_seats.pop(options.absent, None)  # type: ignore[arg-type]
    table_id = await client.create_table(
        players=options.players,
        rounds=options.rounds,
        ai_seats=ai_seats,
        name=name,
        clock=clock,
    )
    if options.absent is not None:
        await client.take_seat(table_id, "absent", options.absent)
    await client.start_game(table_id)
    return table_id


async def load_during(
    players_url: str,
    prefix: str,
    options: LoadOptions,
    during: Callable[[Mark], Awaitable[object]],
    pids: dict[str, int] | None,
    finish_within: float | None,
    name: str,
) -> LoadResult:
    """:func:`run_load` with ``during`` on a client of its own (as ``players_url``'s
    identity, named ``name``)."""
    from president.client import PresidentClient

    client = await PresidentClient.connect(players_url, prefix, name=name)
    try:
        return await run_load(client, options, pids, during=during, finish_within=finish_within)
    finally:
        await client.close()


async def run_from_process(
    module: str, args: list[str], begin: Callable[[], None]
) -> dict[str, Any]:
    """``python -m module *args`` (an attacker's process: its CPU is not the bench's event
    loop): ``begin`` once it prints its first line (it starts sending), then its last
    line's JSON."""
    import json
    import sys

    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", module, *args, stdout=asyncio.subprocess.PIPE
    )
    assert child.stdout is not None
    await child.stdout.readline()
    begin()
    out, _ = await child.communicate()
    if child.returncode != 0:
        raise RuntimeError(f"{module} failed with status {child.returncode}")
    result: dict[str, Any] = json.loads(out)
    return result


async def run_load(
    client: PresidentClient,
    options: LoadOptions,
    pids: dict[str, int] | None = None,
    *,
    during: Callable[[Mark], Awaitable[object]] | None = None,
    finish_within: float | None = None,
    window: Callable[[bool], object] | None = None,
) -> LoadResult:
    """Play ``options.tables`` games at once for the warm-up plus the measured duration.

    ``during``: then run it while the tables keep playing, and count their actions and
    the processes' CPU in the windows it marks with the function it is given:
    ``mark(name)`` closes the window open and opens one called ``name`` (a new name each
    time), ``mark(None)`` only closes; its end closes the last (``result.windows``).
    ``finish_within``: then start no new game and wait that long at most for every
    started one to end.
    ``window(True)`` / ``window(False)``: called as the measured window opens and closes
    (awaited when it returns an awaitable)."""
    result = LoadResult(options)
    meter = _Meter(result)
    running = True
    starters: set[asyncio.Task[None]] = set()
    progress = asyncio.Event()  # a game ended or a start finished

    async def start_table() -> None:
        try:
            table_id = await start_ai_table(client, options)
            result.table_ids.append(table_id)
            result.games_started += 1
        except Exception as error:
            result.start_failures += 1
            result.start_errors[getattr(error, "code", type(error).__name__)] += 1
        finally:
            progress.set()

    def spawn_table() -> None:
        task = asyncio.create_task(start_table())
        starters.add(task)
        task.add_done_callback(starters.discard)

    async def on_public(msg: Msg) -> None:
        if meter.on_public(msg):
            progress.set()
            if meter.measuring:
                result.games_finished += 1
                result.finished_tables.append(msg.subject.split(".")[-2])
            if running:
                spawn_table()

    async def on_stats(msg: Msg) -> None:
        meter.on_stats(msg)

    subjects = client.subjects
    subscriptions = [
        await client.nats.subscribe(
            subjects.all_public, cb=on_public, pending_msgs_limit=1_000_000
        ),
        await client.nats.subscribe(subjects.ai_worker_stats("*"), cb=on_stats),
    ]
    try:
        for _ in range(options.tables):
            spawn_table()
        await asyncio.sleep(options.warmup)
        await _mark(window, True)
        cpu_before = _cpu_seconds(pids or {})
        meter.measuring = True
        started, wall_start = time.perf_counter(), datetime.now(UTC)
        await asyncio.sleep(options.duration)
        meter.measuring = False
        result.window_s = time.perf_counter() - started
        result.window = (wall_start, datetime.now(UTC))
        result.cpu_s = _cpu_since(cpu_before, pids or {})
        await _mark(window, False)
        if during is not None:
            opened: dict[str, Any] = {}

            def mark(name: str | None) -> None:
                cpu, at = _cpu_seconds(pids or {}), time.perf_counter()
                if meter.marked is not None:
                    meter.marked.seconds = at - opened["at"]
                    meter.marked.cpu_s = _cpu_between(opened["cpu"], cpu)
                meter.marked = None
                if name is not None:
                    meter.marked = result.windows[name] = Window()
                opened["cpu"], opened["at"] = cpu, at

            await during(mark)
            mark(None)
        running = False
        if finish_within is not None:
            async with asyncio.timeout(finish_within):
                while starters or not result.ended.issuperset(result.table_ids):
                    progress.clear()
                    await progress.wait()
    finally:
        for subscription in subscriptions:
            with contextlib.suppress(Exception):
                await subscription.unsubscribe()
        for task in list(starters):
            task.cancel()
    return result


async def _mark(window: Callable[[bool], object] | None, opening: bool) -> None:
    outcome = None if window is None else window(opening)
    if inspect.isawaitable(outcome):
        await outcome


_TIMEOUTS = """
SELECT recorded_at, data->>'deadline' AS deadline FROM events
WHERE type = 'TurnTimedOut' AND recorded_at BETWEEN $1 AND $2
"""
_TAKEOVERS = """
SELECT count(*) FROM events
WHERE type IN ('CardsPlayed', 'Passed', 'CardsReturned') AND metadata->>'actor' = 'takeover'
  AND recorded_at BETWEEN $1 AND $2
"""


async def clock_figures(database_url: str, window: tuple[datetime, datetime]) -> dict[str, Any]:
    """The time-outs and takeover actions the log recorded in ``window``, and how long
    after its deadline each time-out was recorded (the database's time)."""
    import asyncpg

    connection = await asyncpg.connect(database_url)
    try:
        rows = await connection.fetch(_TIMEOUTS, *window)
        takeovers = await connection.fetchval(_TAKEOVERS, *window)
    finally:
        await connection.close()
    lags = [
        (row["recorded_at"] - datetime.fromisoformat(row["deadline"])).total_seconds() * 1000
        for row in rows
    ]
    return {
        "timeouts": len(lags),
        "takeover_actions": int(takeovers),
        "timeout_lag_p50_ms": percentile(lags, 50),
        "timeout_lag_p99_ms": percentile(lags, 99),
        "max_timeout_lag_ms": max(lags) if lags else None,
    }
