"""The table service's settings (``PRESIDENT_*`` variables, read by ``president.settings``)."""

from __future__ import annotations

from president.settings import ServiceSettings
from pydantic import Field


class TableSettings(ServiceSettings):
    """What a table-service process needs besides the servers."""

    instance_id: str = "table-1"
    token_secret: str | None = Field(default=None, repr=False)
    """Seat tokens are derived from it: every table instance must share it. Required: the
    service refuses to start without it."""
    concurrency: int = 16
    lobby_poll_interval: float = 0.5
    db_pool_size: int = 10
