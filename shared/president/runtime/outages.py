"""An outage (NATS or Postgres stopped, restarting or out of reach) told from any other
failure, for the loops that retry: an outage is expected and logged as a warning with its
reason; anything else is a bug, logged as an error with its traceback."""

from __future__ import annotations

import logging

import asyncpg
import nats.errors
import nats.js.errors

OUTAGES: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, timed out: nats-py's and asyncio's time-outs are OSErrors too
    nats.errors.ConnectionClosedError,
    nats.errors.ConnectionReconnectingError,
    nats.errors.ConnectionDrainingError,
    nats.errors.NoServersError,
    nats.errors.StaleConnectionError,
    nats.errors.NoRespondersError,
    nats.js.errors.ServiceUnavailableError,  # JetStream not back yet after a restart
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
)
"""What a server that is away raises (TimeoutError is an OSError)."""


def is_outage(error: BaseException) -> bool:
    """Whether ``error`` says a server is away rather than that something is wrong."""
    return isinstance(error, OUTAGES)


def log_failure(log: logging.Logger, error: Exception, message: str, *, again: bool) -> None:
    """Log a failure its loop retries: an outage as a warning with its reason and no
    traceback; anything else as an error with its traceback, or as one warning line when
    it fails ``again`` in a row."""
    if is_outage(error):
        log.warning("%s (a server is away: %s: %s)", message, type(error).__name__, error)
    elif again:
        log.warning("%s again: %r", message, error)
    else:
        log.error("%s", message, exc_info=error)
