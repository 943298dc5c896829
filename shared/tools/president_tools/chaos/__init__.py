"""Chaos experiments on the local stack (issue 13): games in play, one fault, then checks.

``president chaos --json`` runs them and prints their figures; the tests under the
``chaos`` marker run the same experiments and assert on the same figures::

    async with ChaosLab(EXPERIMENTS, LabOptions()) as lab:
        result = await lab.run("kill-engine")
"""

from president_tools.chaos.experiments import EXPERIMENTS
from president_tools.chaos.lab import ChaosLab, Experiment, LabOptions
from president_tools.chaos.result import RECOVERY_TARGET_S, ExperimentResult

__all__ = [
    "EXPERIMENTS",
    "RECOVERY_TARGET_S",
    "ChaosLab",
    "Experiment",
    "ExperimentResult",
    "LabOptions",
]
