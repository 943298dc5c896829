"""How every process of the backend lives: readiness, and (soon) the one lifecycle function."""

from president.runtime.ready import clear_ready, mark_ready

__all__ = ["clear_ready", "mark_ready"]
