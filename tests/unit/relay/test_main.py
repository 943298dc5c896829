from __future__ import annotations

import json

import pytest
from president.contract import Subjects
from president.settings import load_settings

from services.relay import Relay, Routing, raw_route
from services.relay.main import create_app, create_relay, load_routing
from services.relay.settings import RelaySettings
from tests.support.relay_events import recorded

HANDS = [["3C", "4C"], ["3D", "4D"]]


def test_without_a_routing_the_contracts_is_used_and_no_hand_goes_public() -> None:
    routing = load_routing(None, "p")
    deal = recorded("game-t1", 2, 9, "RoundDealt", {"round": 1, "leader": 0, "hands": HANDS})

    messages = {m.subject: json.loads(m.payload) for m in routing.route(deal)}

    assert routing.subjects == Subjects("p").event_subjects
    public = json.dumps(messages["p.evt.table.t1.public"])
    assert not [card for hand in HANDS for card in hand if card in public]
    assert messages["p.evt.table.t1.seat.1"]["data"]["hand"] == HANDS[1]
    assert routing.route(recorded("s1", 1, 1, "Counted")) == []  # not the contract's: dropped


def test_whole_events_are_published_only_when_the_raw_routing_is_named() -> None:
    routing = load_routing("services.relay.routing:raw_routing", "q")

    assert isinstance(routing, Routing)
    assert routing.subjects == ["q.events.>"]


def test_a_relay_given_no_route_takes_the_contracts_routing() -> None:
    relay = Relay("postgresql://x@h/db", "nats://h:4222", prefix="p")

    assert relay._spec.subjects == Subjects("p").event_subjects


def test_a_relay_given_a_route_without_its_subjects_is_refused() -> None:
    with pytest.raises(ValueError, match="subjects"):
        Relay("postgresql://x@h/db", "nats://h:4222", route=raw_route("p"))


@pytest.mark.parametrize("target", ["services.relay.routing", ":raw_routing"])
def test_a_routing_name_without_module_or_factory_is_refused(target: str) -> None:
    with pytest.raises(ValueError, match="module:factory"):
        load_routing(target, "p")


def test_a_factory_that_gives_no_routing_is_refused() -> None:
    with pytest.raises(TypeError, match="not a Routing"):
        load_routing("services.relay.routing:raw_subjects", "p")


def test_relay_settings_come_from_president_relay_variables() -> None:
    env = {"PRESIDENT_RELAY_PREFIX": "demo", "PRESIDENT_RELAY_POLL_INTERVAL": "0.5"}

    settings = load_settings(env, cls=RelaySettings)

    assert (settings.relay_prefix, settings.relay_poll_interval) == ("demo", 0.5)


def test_the_stream_defaults_to_the_contracts_events_stream_of_the_prefix() -> None:
    settings = RelaySettings(relay_prefix="demo")

    relay = create_relay(settings, "postgresql://x@h/db", "nats://h:4222")

    assert relay.name == "DEMO_EVENTS"


def test_the_relay_process_publishes_again_from_the_configured_position() -> None:
    servers = {"database_url": "postgresql://x@h/db", "nats_url": "nats://h:4222"}
    settings = load_settings({"PRESIDENT_RELAY_FROM_POSITION": "12"}, cls=RelaySettings)

    assert create_app(settings, **servers)._from_position == 12
    assert create_app(RelaySettings(), **servers)._from_position is None
