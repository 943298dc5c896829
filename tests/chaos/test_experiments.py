"""Issue 13's chaos experiments on the single-node stack and their own cluster and store,
each as a test: many all-AI games in play, one fault, keep playing, then every game
finishes and audits clean, no event is lost or doubled in the log nor on the relay's
subjects, every process serves again, and play resumes within 10 s of the fault's end.

The two long outages have modules of their own (``test_postgres_outage.py``,
``test_nats_outage.py``), so that under pytest-xdist their waits run beside these (see
docs/decisions/2026-12-01-chaos.md); `president chaos --json` runs them all in order.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from president_tools.chaos import EXPERIMENTS, ChaosLab

from tests.chaos import test_nats_outage, test_postgres_outage
from tests.chaos.recovery import check_recovers, experiment_params, running_lab

pytestmark = pytest.mark.chaos

ELSEWHERE = (*test_postgres_outage.NAMES, *test_nats_outage.NAMES)
NAMES = tuple(e.name for e in EXPERIMENTS if e.name not in ELSEWHERE)


@pytest.fixture(scope="module")
async def lab() -> AsyncIterator[ChaosLab]:
    async with running_lab(NAMES) as running:
        yield running


@pytest.mark.parametrize("name", experiment_params(NAMES))
async def test_the_system_recovers(lab: ChaosLab, name: str) -> None:
    await check_recovers(lab, name)


def test_every_experiment_runs_in_exactly_one_module() -> None:
    names = [*NAMES, *ELSEWHERE]
    assert sorted(names) == sorted(e.name for e in EXPERIMENTS)
