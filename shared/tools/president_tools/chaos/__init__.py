"""Chaos experiments on the local stack: games in play, one fault, then checks
(``president chaos``, and the tests under the ``chaos`` marker, through ``ChaosLab``)."""

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
