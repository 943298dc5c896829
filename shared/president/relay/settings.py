"""The relay process's settings (``PRESIDENT_RELAY_*`` on top of the shared ones)."""

from __future__ import annotations

from president.settings import Settings


class RelaySettings(Settings):
    """What a relay process needs: the servers (shared fields) and its stream."""

    relay_stream: str | None = None  # default: the contract's <PREFIX>_EVENTS
    relay_prefix: str = "president"
    relay_routing: str | None = None  # package.module:factory -> Routing; None: the contract's
    relay_name: str | None = None
    relay_batch_size: int = 500
    relay_poll_interval: float = 1.0
    relay_max_in_flight: int = 1000
