"""Composition root of a relay process: settings in, a relay serving until SIGTERM."""

from __future__ import annotations

import asyncio
import importlib
import logging
import signal

from president.bus.connect import NatsCredentials
from president.bus.streams import StreamLimits
from president.runtime.ready import clear_ready, mark_ready

from services.relay.outgoing import Routing
from services.relay.relay import Relay, RelayOptions, default_holder
from services.relay.routing import default_routing
from services.relay.settings import RelaySettings

log = logging.getLogger(__name__)


def load_routing(target: str | None, prefix: str) -> Routing:
    """The routing named ``module:factory`` (``factory(prefix)`` gives a
    :class:`Routing`); the contract's routing when ``target`` is None. Whole events
    (private data included) only when asked for: ``services.relay.routing:raw_routing``."""
    if target is None:
        return default_routing(prefix)
    module_name, _, attribute = target.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"routing must look like package.module:factory, got {target!r}")
    routing = getattr(importlib.import_module(module_name), attribute)(prefix)
    if not isinstance(routing, Routing):
        raise TypeError(f"{target}({prefix!r}) gave {type(routing).__name__}, not a Routing")
    return routing


def create_relay(settings: RelaySettings, database_url: str, nats_url: str) -> Relay:
    """The relay the settings describe, on the given servers."""
    routing = load_routing(settings.relay_routing, settings.prefix)
    return Relay(
        database_url,
        nats_url,
        settings.relay_stream,
        route=routing.route,
        subjects=routing.subjects,
        prefix=settings.prefix,
        credentials=NatsCredentials.from_settings(settings),
        options=RelayOptions(
            name=settings.relay_name,
            batch_size=settings.relay_batch_size,
            poll_interval=settings.relay_poll_interval,
            max_in_flight=settings.relay_max_in_flight,
            lease_ttl=settings.relay_lease_ttl,
            holder=f"{settings.instance_id}@{default_holder()}",
            limits=StreamLimits.from_settings(settings),
        ),
    )


async def serve(
    relay: Relay, settings: RelaySettings | None = None, *, from_position: int | None = None
) -> None:
    """Run ``relay`` until SIGTERM or SIGINT, then finish the batch in hand and return.

    With ``settings``, its ready file says the relay serves while it runs; with
    ``from_position``, it first publishes the log again from there (``Relay.run``)."""
    ready_file = None if settings is None else settings.ready_file
    mark_ready(ready_file, relay.name if settings is None else settings.instance_id)
    try:
        await _serve(relay, from_position)
    finally:
        clear_ready(ready_file)


async def _serve(relay: Relay, from_position: int | None) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    try:
        log.info("relay %s: started", relay.name)
        await relay.run(stop, from_position=from_position)
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
