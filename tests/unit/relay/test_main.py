from __future__ import annotations

import pytest
from president.relay import Routing
from president.relay.main import create_relay, load_routing
from president.relay.settings import RelaySettings
from president.settings import load_settings


def test_without_a_routing_the_default_one_is_used() -> None:
    routing = load_routing(None, "p")

    assert routing.subjects == ["p.events.>"]


def test_a_routing_is_named_by_module_and_factory() -> None:
    routing = load_routing("president.relay.routing:default_routing", "q")

    assert isinstance(routing, Routing)
    assert routing.subjects == ["q.events.>"]


@pytest.mark.parametrize("target", ["president.relay.routing", ":default_routing"])
def test_a_routing_name_without_module_or_factory_is_refused(target: str) -> None:
    with pytest.raises(ValueError, match="module:factory"):
        load_routing(target, "p")


def test_a_factory_that_gives_no_routing_is_refused() -> None:
    with pytest.raises(TypeError, match="not a Routing"):
        load_routing("president.relay.routing:default_subjects", "p")


def test_relay_settings_come_from_president_relay_variables() -> None:
    env = {"PRESIDENT_RELAY_PREFIX": "demo", "PRESIDENT_RELAY_POLL_INTERVAL": "0.5"}

    settings = load_settings(env, cls=RelaySettings)

    assert (settings.relay_prefix, settings.relay_poll_interval) == ("demo", 0.5)


def test_the_stream_defaults_to_the_contracts_events_stream_of_the_prefix() -> None:
    settings = RelaySettings(relay_prefix="demo")

    relay = create_relay(settings, "postgresql://x@h/db", "nats://h:4222")

    assert relay.name == "DEMO_EVENTS"
