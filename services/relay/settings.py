"""The relay process's settings (``PRESIDENT_RELAY_*`` on top of the shared ones)."""

from __future__ import annotations

from president.settings import ServiceSettings
from pydantic import Field


class RelaySettings(ServiceSettings):
    """What a relay process needs: the servers (shared fields), its stream and routing."""

    instance_id: str = "relay-1"
    relay_stream: str | None = None  # default: the contract's <PREFIX>_EVENTS
    relay_prefix: str | None = None  # default: subject_prefix
    relay_routing: str | None = None  # package.module:factory -> Routing; None: the contract's
    relay_name: str | None = None
    relay_batch_size: int = 500
    relay_poll_interval: float = 1.0
    relay_max_in_flight: int = 1000
    relay_gather: float = Field(
        default=0.005,
        ge=0,
        le=1,
        description="seconds a woken relay waits for more commits before it reads the log:"
        " at most one read and one checkpoint that often, the events that much later on the"
        " bus (0: read at each wake-up)",
    )
    relay_lease_ttl: float = Field(
        default=4.0,
        gt=0,
        description="seconds a relay's lease lasts unrenewed (renewed every quarter of it);"
        " a frozen relay's standby takes over that long after its last renewal",
    )
    relay_withhold_after: int = Field(
        default=5,
        ge=1,
        description="failed publishes in a row of one event before it is withheld (a small"
        " EventWithheld reference published in its place; the event stays in the log)",
    )
    relay_max_retry_interval: float = Field(
        default=5.0, gt=0, description="longest wait between failed sessions (jittered backoff)"
    )
    relay_from_position: int | None = Field(
        default=None,
        ge=1,
        description="publish the log again from this position on at start (a lost, purged or"
        " recreated stream: Postgres is the truth), after what the stream holds; for one run",
    )

    @property
    def prefix(self) -> str:
        """The subject prefix of what this relay publishes."""
        return self.relay_prefix or self.subject_prefix
