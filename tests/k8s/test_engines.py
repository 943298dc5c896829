"""The engines of production share the tables through the bus: several instances, a
rolling update that starts a new pod before it stops an old one, and servers that map
each table to its partition and drop a frozen client."""

from __future__ import annotations

import pytest

from tests.support.manifests import K8S, named, render

pytestmark = pytest.mark.unit


def test_production_runs_three_engines_updated_one_more_at_a_time() -> None:
    engine = named(render("prod"), "Deployment", "president-engine")
    assert engine["spec"]["replicas"] == 3
    assert engine["spec"]["strategy"] == {
        "type": "RollingUpdate",
        "rollingUpdate": {"maxSurge": 1, "maxUnavailable": 0},
    }


def test_the_servers_map_game_commands_to_partitions_and_ping_their_clients() -> None:
    nats = (K8S / "base" / "nats" / "nats.conf").read_text()
    auth = (K8S / "base" / "nats" / "auth.conf").read_text()
    assert 'ping_interval: "10s"' in nats and "ping_max: 2" in nats
    assert "{{partition(64,1)}}" in auth.split("PRESIDENT_COMMANDS {")[1]
