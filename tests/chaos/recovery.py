"""What every chaos experiment must show (issue 13), and the lab a test module runs its
experiments in: each module has its own stacks, so modules may run side by side."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from dataclasses import replace

import pytest
from president_tools.chaos import (
    EXPERIMENTS,
    ChaosLab,
    ExperimentResult,
    LabOptions,
)
from president_tools.loadtest import LoadOptions

from tests.fixtures.servers import reachable_temp_dir

OPTIONS = LabOptions(
    load=LoadOptions(tables=8, players=4, rounds=3, level="easy"), speed_targets=False
)
"""At least 8 tables of several rounds each (issue 13), and no more: the suite's time. The
recovery and pause seconds are figures of ``president chaos`` (held to their targets
there), not of the suite, whose machine is as loaded as it happens to be."""
LONG = {"postgres-down-300s": 600, "nats-down-150s": 420}
"""Timeouts of the experiments whose fault alone outlasts the default 300 s."""
BY_NAME = {experiment.name: experiment for experiment in EXPERIMENTS}


@contextlib.asynccontextmanager
async def running_lab(names: Sequence[str]) -> AsyncIterator[ChaosLab]:
    """A lab of the experiments ``names``, in a directory of its own."""
    with reachable_temp_dir() as root:
        experiments = [BY_NAME[name] for name in names]
        async with ChaosLab(experiments, replace(OPTIONS, work_dir=root)) as lab:
            yield lab


def experiment_params(names: Sequence[str]) -> list[object]:
    """One test parameter per experiment, with its timeout."""
    return [
        pytest.param(name, id=name, marks=pytest.mark.timeout(LONG.get(name, 300)))
        for name in names
    ]


async def check_recovers(lab: ChaosLab, name: str) -> None:
    """Run ``name``: every game finishes and audits clean, its end has exactly one verdict
    (``AuditPassed``), nothing lost or doubled, every process ready, play back after the
    fault (how soon: ``president chaos``)."""
    experiment = lab.experiments[name]

    result = await lab.run(name)

    figures = _figures(result)
    assert result.games_started >= OPTIONS.load.tables, figures
    assert result.games_finished == result.games_started, figures
    assert result.audits_clean == result.games_started, figures
    assert result.verdicts_missing == 0, figures  # the auditor: one AuditPassed per game
    assert result.verdicts_doubled == 0, figures
    assert result.verdicts_failed == 0, figures
    assert result.events_lost == 0, figures
    assert result.events_doubled == 0, figures
    assert result.processes and set(result.processes.values()) == {"ready"}, figures
    if experiment.recovery_target is not None:
        assert result.recovery_s is not None, figures
    assert result.passed, figures


def _figures(result: ExperimentResult) -> str:
    return json.dumps(result.to_json(), indent=1)
