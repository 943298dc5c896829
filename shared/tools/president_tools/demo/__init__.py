"""The main job: an all-AI table played through the services, narrated, then checked
against the Postgres log (``president demo``)."""

from president_tools.demo.narrate import Narrator
from president_tools.demo.run import DemoOptions, DemoResult, run_demo
from president_tools.demo.verify import Verification, verify_game

__all__ = ["DemoOptions", "DemoResult", "Narrator", "Verification", "run_demo", "verify_game"]
