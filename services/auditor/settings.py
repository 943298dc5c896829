"""The auditor's settings (``PRESIDENT_*`` variables, read by ``president.settings``)."""

from __future__ import annotations

from president.settings import ServiceSettings
from pydantic import Field


class AuditorSettings(ServiceSettings):
    """What an auditor process needs besides the servers. ``PRESIDENT_DATABASE_URL`` is
    the log as the SELECT-only role ``president_auditor``; the auditor never migrates."""

    instance_id: str = "auditor-1"
    concurrency: int = Field(default=4, ge=1)
    """Games audited at once by one instance (each reads its stream and replays it)."""
    ack_wait: float = Field(default=30.0, gt=0)
    """Seconds before JetStream gives a game's end whose verdict is not out to another
    instance (or this one again)."""
    retry_delay: float = Field(default=2.0, ge=0)
    """Seconds before a game's end that could not be audited (Postgres away) comes back."""
    durable: str | None = None
    """The durable consumer every instance shares (unset: the NATS user's name, the one
    consumer its identity may use; ``auditor`` without a user)."""
    db_pool_size: int = Field(default=4, ge=1)
    auditor_every_round: bool = False
    """A verdict on every round's end too (the game up to that round), besides the one on
    the game's end."""
