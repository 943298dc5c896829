"""Issue 13's long NATS outage (stopped for 150 s) on a stack of its own: the fault is
mostly a wait, so under pytest-xdist it runs beside the other experiments."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from president_tools.chaos import ChaosLab

from tests.chaos.recovery import check_recovers, experiment_params, running_lab

pytestmark = pytest.mark.chaos

NAMES = ("nats-down-150s",)


@pytest.fixture(scope="module")
async def lab() -> AsyncIterator[ChaosLab]:
    async with running_lab(NAMES) as running:
        yield running


@pytest.mark.parametrize("name", experiment_params(NAMES))
async def test_the_system_recovers(lab: ChaosLab, name: str) -> None:
    await check_recovers(lab, name)
