"""The AI worker's settings (``PRESIDENT_*`` variables, read by ``president.settings``)."""

from __future__ import annotations

from president.settings import ServiceSettings


class AIWorkerSettings(ServiceSettings):
    """What an AI-worker process needs besides the NATS server (it never reads the database)."""

    instance_id: str = "ai-worker-1"
    concurrency: int = 8
    """Decisions in flight at once (each one decides, then waits for its reply)."""
    ack_wait: float = 5.0
    """Seconds before JetStream gives an unacknowledged request to another worker."""
    ai_seed: int | None = None
    """Seeds every policy: the same view then always gets the same decision (None: entropy)."""
    budget_ms: int | None = None
    """Overrides the requests' thinking budget (Hard level)."""
    command_timeout: float = 5.0
    stats_interval: float = 1.0
