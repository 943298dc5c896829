"""How every process of the backend lives: one lifecycle (``run``), readiness checks and
``/livez``, ``/readyz``, ``/metrics`` (``health``), the metrics (``metrics``), logging
with the ids of the work in hand (``logs``), the ready file of the local launchers."""

from president.runtime.health import Health
from president.runtime.lifecycle import App, Runtime, run, serve
from president.runtime.logs import configure_logging, log_context
from president.runtime.ready import clear_ready, mark_ready

__all__ = [
    "App",
    "Health",
    "Runtime",
    "clear_ready",
    "configure_logging",
    "log_context",
    "mark_ready",
    "run",
    "serve",
]
