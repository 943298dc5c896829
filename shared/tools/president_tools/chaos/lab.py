"""Run chaos experiments: start games, inject the fault, keep playing until every game
ends, then check the log, the subjects, the processes and the recovery time."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import shutil
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from president.client import CommandRejected
from president.contract import stream_id_of_game
from president.store import RecordedEvent

from president_tools.chaos.checks import (
    check_log,
    check_stream,
    check_verdicts,
    every_table_resumed,
    game_ends,
    longest_pause,
    play_ended,
    read_progress,
    resumed_after,
    wait_published,
)
from president_tools.chaos.environment import SINGLE, Environment
from president_tools.chaos.result import RECOVERY_TARGET_S, ExperimentResult
from president_tools.loadtest import LoadOptions, start_ai_table

log = logging.getLogger(__name__)

VERDICTS_WITHIN_S = 60.0
"""How long a finished game may wait for its verdict (the PresidentAuditLate alert's 60 s)."""


def _games() -> LoadOptions:
    return LoadOptions(tables=8, players=4, rounds=3, level="easy")


@dataclass(frozen=True)
class LabOptions:
    """``load``: the games of each experiment (``tables`` all-AI games of ``rounds`` rounds
    at once, the load test's tables); ``stall_s``: no action for this long after the fault
    means the games stopped."""

    load: LoadOptions = field(default_factory=_games)
    stall_s: float = 20.0
    ai_workers: int = 2
    work_dir: Path | None = None
    speed_targets: bool = True
    """Whether the recovery and pause times are held to their targets (``president
    chaos``); the test suite checks what holds at any speed (play comes back, nothing
    lost or doubled, every process ready) and leaves the seconds to the command."""


@dataclass
class Fault:
    """When the fault began and ended (wall clock, the same clock JetStream stamps with)."""

    started: float
    ended: float


Inject = Callable[[Environment, ExperimentResult], Awaitable[Fault]]
Runner = Callable[["ChaosLab", Environment, ExperimentResult], Awaitable[None]]


@dataclass(frozen=True)
class Experiment:
    """``inject`` applies and ends the fault; ``run`` (when given) replaces the standard
    play-fault-check sequence. ``pause_target``: the longest pause allowed during the fault
    (a standby taking over); ``recovery_target``: None when recovery is not measured."""

    name: str
    description: str
    environment: str = SINGLE
    inject: Inject | None = None
    run: Runner | None = None
    recovery_target: float | None = RECOVERY_TARGET_S
    pause_target: float | None = None
    relays: int = 1
    engines: int = 1
    recovery_from_start: bool = False
    """``recovery_s`` from the fault's start to the first accepted command of every game
    in play (the slowest table's), not to the first action after the fault's end."""


class ChaosLab:
    """Runs experiments by name; keeps one environment of the last kind used."""

    def __init__(self, experiments: Sequence[Experiment], options: LabOptions | None = None):
        self.options = options or LabOptions()
        self.experiments = {e.name: e for e in experiments}
        self._root = self.options.work_dir or Path(tempfile.mkdtemp(prefix="president-chaos-"))
        self._own_root = self.options.work_dir is None
        self._environment: Environment | None = None

    async def __aenter__(self) -> ChaosLab:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self._drop_environment()
        if self._own_root:
            shutil.rmtree(self._root, ignore_errors=True)

    async def _drop_environment(self) -> None:
        if self._environment is not None:
            environment, self._environment = self._environment, None
            await environment.close()

    async def environment(self, kind: str) -> Environment:
        """The running environment of ``kind`` (another kind's is closed first)."""
        if self._environment is not None and self._environment.kind != kind:
            await self._drop_environment()
        if self._environment is None:
            self._root.mkdir(parents=True, exist_ok=True)
            environment = Environment(kind, self._root, ai_workers=self.options.ai_workers)
            self._environment = await environment.start()
        return self._environment

    async def run(self, name: str) -> ExperimentResult:
        """Run the experiment ``name``; what went wrong is in the result, not raised."""
        experiment = self.experiments[name]
        result = ExperimentResult(name)
        began = time.monotonic()
        try:
            environment = await self.environment(experiment.environment)
        except Exception as error:
            result.fail(f"the {experiment.environment} environment did not start: {error}")
            result.duration_s = time.monotonic() - began
            return result
        try:
            while len(environment.names("relay")) < experiment.relays:
                await environment.add("relay")
            while len(environment.names("engine")) < experiment.engines:
                await environment.add("engine")
            if experiment.run is not None:
                await experiment.run(self, environment, result)
            else:
                await self.play_through_fault(environment, experiment, result)
        except Exception as error:
            log.exception("experiment %s", name)
            result.fail(f"the experiment broke off: {error!r}")
        finally:
            environment.held.clear()
        result.restarts = dict(environment.restarts)
        environment.restarts.clear()
        if not result.passed:
            with contextlib.suppress(Exception):
                await environment.reset()
                result.notes.append("every service process was restarted after this experiment")
        result.duration_s = time.monotonic() - began
        return result

    # -- the standard sequence ----------------------------------------------------

    async def play_through_fault(
        self, environment: Environment, experiment: Experiment, result: ExperimentResult
    ) -> None:
        assert experiment.inject is not None
        states = await environment.wait_healthy(60)
        if any(s != "ready" for s in states.values()):
            result.notes.append(f"not every process was ready before the fault: {states}")
        tables, _ = await self.start_games(environment, result, self.options.load.tables)
        if not tables:
            result.judge(recovery_target=None)
            return
        await self.wait_underway(environment, tables)
        fault = await experiment.inject(environment, result)
        result.fault_s = fault.ended - fault.started
        await self.wait_finished(environment, tables, result)
        await self.check(environment, tables, result, fault)
        if experiment.recovery_from_start:
            log_check = await check_log(environment.database_url, tables)
            result.recovery_s = every_table_resumed(log_check.events, fault.started)
        target = experiment.recovery_target
        if target is not None and not self.options.speed_targets:
            target = math.inf  # play must come back, however long that takes here
        result.judge(recovery_target=target)
        if experiment.pause_target is not None and self.options.speed_targets:
            pause = result.longest_pause_s
            if pause is None or pause > experiment.pause_target:
                result.fail(
                    f"the games paused {pause or 0:.1f}s during the fault "
                    f"(a standby must take over within {experiment.pause_target:.0f}s)"
                )

    async def start_games(
        self, environment: Environment, result: ExperimentResult, count: int
    ) -> tuple[list[str], list[BaseException]]:
        """Start ``count`` all-AI games at once: the ids of those that started, the errors
        of those that did not."""
        client = environment.presidents
        started = await asyncio.gather(
            *(start_ai_table(client, self.options.load, name="chaos") for _ in range(count)),
            return_exceptions=True,
        )
        tables = [t for t in started if isinstance(t, str)]
        errors = [e for e in started if isinstance(e, BaseException)]
        result.games_started += len(tables)
        result.start_failures += len(errors)
        if errors and len(result.notes) < 20:
            result.notes.append(f"{len(errors)} game(s) did not start: {describe(errors[0])}")
        return tables, errors

    async def wait_underway(self, environment: Environment, tables: Sequence[str]) -> None:
        """Until every game has had a few actions (at most 60 s)."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with contextlib.suppress(Exception):
                progress = await read_progress(environment.database_url, tables)
                if all(progress.actions_by_table.get(t, 0) >= 3 for t in tables):
                    return
            await asyncio.sleep(0.2)

    async def wait_finished(
        self,
        environment: Environment,
        tables: Sequence[str],
        result: ExperimentResult,
        stall_s: float | None = None,
    ) -> set[str]:
        """Poll the log until every game ended, or nothing moved for ``stall_s`` (the games
        stopped); return the finished tables. Called once the fault has ended."""
        stall = self.options.stall_s if stall_s is None else stall_s
        last_events, moved = -1, time.monotonic()
        finished: set[str] = set()
        while True:
            try:
                progress = await read_progress(environment.database_url, tables)
            except Exception:
                progress = None
            if progress is not None:
                finished = progress.finished
                result.actions = progress.actions
                if progress.events != last_events:
                    last_events, moved = progress.events, time.monotonic()
                if finished >= set(tables):
                    break
            if time.monotonic() - moved >= stall:
                if stall > 0:
                    result.notes.append(
                        f"nothing moved for {time.monotonic() - moved:.0f}s: "
                        f"{len(set(tables) - finished)} game(s) stopped"
                    )
                break
            await asyncio.sleep(0.5)
        result.games_finished = len(finished & set(tables))
        return finished

    async def check(
        self,
        environment: Environment,
        tables: Sequence[str],
        result: ExperimentResult,
        fault: Fault | None,
    ) -> None:
        """The log, the audits, the relay's subjects, the verdicts, recovery, the processes."""
        log_check = await check_log(environment.database_url, tables)
        result.audits_clean = log_check.audits_clean
        result.pg_events_lost, result.pg_events_doubled = log_check.lost, log_check.doubled
        result.notes += log_check.problems[:5]
        finished = [t for t in tables if _ended(log_check.events, t)]
        if not await wait_published(
            environment.presidents.nats, environment.subjects, finished, 30
        ):
            result.notes.append("the relay had not published every finished game after 30 s")
        verdicts = await check_verdicts(
            environment.presidents.nats,
            environment.subjects,
            game_ends(log_check.events),
            VERDICTS_WITHIN_S,
        )
        result.verdicts_missing, result.verdicts_doubled = verdicts.missing, verdicts.doubled
        result.verdicts_failed, result.extra["verdicts_held"] = verdicts.failed, verdicts.verdicts
        result.notes += verdicts.problems[:5]
        stream = await check_stream(
            environment.presidents.nats, environment.subjects, tables, log_check.events
        )
        result.js_events_lost, result.js_events_doubled = stream.lost, stream.doubled
        result.js_events_expired = stream.expired
        result.extra["log_events"] = sum(len(v) for v in log_check.events.values())
        result.extra["jetstream_messages"] = stream.messages
        result.notes += stream.problems[:5]
        if fault is not None and stream.action_times:
            result.recovery_s = resumed_after(stream.resumed_times, log_check.events, fault.ended)
            if result.recovery_s is None and len(finished) == len(tables):
                result.recovery_s = 0.0  # the games did not wait for the fault to end
                result.notes.append("every game ended before the fault did")
            end = play_ended(
                stream.action_times, fault.ended, every_game_ended=len(finished) == len(tables)
            )
            result.longest_pause_s = longest_pause(stream.action_times, fault.started, end)
        await environment.release()
        result.processes = await environment.wait_healthy(20)


def _ended(events: dict[str, list[RecordedEvent]], table_id: str) -> bool:
    return any(e.type == "GameEnded" for e in events.get(stream_id_of_game(table_id), []))


def describe(error: BaseException) -> str:
    if isinstance(error, CommandRejected):
        return f"rejected {error.code}: {error.reply.detail}"
    return f"{type(error).__name__}: {error}"
