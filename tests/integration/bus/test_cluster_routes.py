"""The routes of a local cluster authenticate: its three nodes form a full mesh with the
route identity's per-run password, and a nats-server that dials a node's route port
without it (or with a wrong one) is refused, so it never sees the cluster's messages."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nats
import pytest
from nats.js import JetStreamContext
from nats.js.api import StreamConfig
from president.bus.auth import ANY_PREFIX
from president.bus.connect import connect
from president_tools.infra.nats import (
    CLUSTER_NAME,
    HOST,
    ROUTE_USER,
    EmbeddedNats,
    EmbeddedNatsCluster,
    nats_server_binary,
)
from president_tools.infra.processes import free_port, port_open, spawn, stop_process

from tests.fixtures.servers import HARNESS
from tests.support.waiting import eventually, eventually_here

REFUSED = "Authorization Violation"
TIMEOUT_S = 10.0


def _routez(monitor_port: int) -> dict[str, object]:
    with urllib.request.urlopen(f"http://{HOST}:{monitor_port}/routez", timeout=5) as response:
        body: dict[str, object] = json.load(response)
    return body


def _remote_names(monitor_port: int) -> set[str]:
    routes = _routez(monitor_port).get("routes") or []
    assert isinstance(routes, list)
    return {str(route.get("remote_name")) for route in routes}


@pytest.fixture
def monitored_cluster(tmp_path: Path) -> Iterator[tuple[EmbeddedNatsCluster, list[int]]]:
    """Three clustered nodes as ``president infra up --nats-nodes 3`` starts them, each
    with a monitoring port (the ``/routez`` the test reads)."""
    monitors = [free_port(HOST) for _ in range(3)]
    base = tmp_path / "nats-cluster"
    nodes = [EmbeddedNats(base / f"n{i}", http_port=port) for i, port in enumerate(monitors, 1)]
    cluster = EmbeddedNatsCluster(base, nodes=nodes)
    cluster.configure(ANY_PREFIX, extra_users=(HARNESS,))
    cluster.start()
    yield cluster, monitors
    cluster.stop()


@pytest.fixture
def rogue(
    tmp_path: Path, monitored_cluster: tuple[EmbeddedNatsCluster, list[int]]
) -> Iterator[tuple[int, int, Path]]:
    """A nats-server that tries to join the cluster as a route: same cluster name, same
    account name (so routed messages of that account would reach it), an identity of its
    own to read them with; it dials one node without credentials and one with the route
    user and a wrong password. Yields its client port, monitoring port and log."""
    cluster, _ = monitored_cluster
    ports = [node.cluster.cluster_port for node in cluster.nodes if node.cluster is not None]
    client, monitor, route = (free_port(HOST) for _ in range(3))
    config = tmp_path / "rogue.conf"
    config.write_text(
        'server_name: "rogue"\n'
        f"port: {client}\n"
        f'http: "{HOST}:{monitor}"\n'
        'accounts { PRESIDENT { users: [{ user: "spy", password: "spy" }] } }\n'
        "cluster {\n"
        f"  name: {json.dumps(CLUSTER_NAME)}\n"
        f'  listen: "{HOST}:{route}"\n'
        "  routes: [\n"
        f'    "nats-route://{HOST}:{ports[0]}"\n'
        f'    "nats-route://{ROUTE_USER}:wrong@{HOST}:{ports[1]}"\n'
        "  ]\n"
        "}\n"
    )
    log = tmp_path / "rogue.log"
    process = spawn([str(nats_server_binary()), "-c", str(config)], log)
    eventually_here(lambda: port_open(HOST, client), TIMEOUT_S, "the rogue server listening")
    yield client, monitor, log
    stop_process(process.pid)


def _refusals(log: Path, count: int) -> int:
    """Wait until the rogue's log shows ``count`` refused route connections."""
    eventually_here(lambda: log.read_text().count(REFUSED) >= count, TIMEOUT_S, "refusals")
    return log.read_text().count(REFUSED)


async def _led(js: JetStreamContext, stream: str) -> bool:
    """Whether ``stream`` has a leader and its two replicas (False while it answers none)."""
    try:
        info = await js.stream_info(stream)
    except (nats.errors.TimeoutError, nats.js.errors.APIError):
        return False
    return (
        info.cluster is not None
        and bool(info.cluster.leader)
        and len(info.cluster.replicas or []) == 2
    )


async def test_a_server_without_the_route_password_cannot_join_the_cluster(
    monitored_cluster: tuple[EmbeddedNatsCluster, list[int]],
    rogue: tuple[int, int, Path],
    unique_prefix: str,
) -> None:
    cluster, monitors = monitored_cluster
    rogue_client, rogue_monitor, rogue_log = rogue
    names = {node.cluster.server_name for node in cluster.nodes if node.cluster is not None}

    # Refused at both nodes it dialled, again and again (it keeps retrying).
    assert await asyncio.to_thread(_refusals, rogue_log, 4) >= 4, rogue_log.read_text()[-2000:]

    spy = await nats.connect(f"nats://spy:spy@{HOST}:{rogue_client}")
    harness = await connect(cluster.url_for(HARNESS.name), "route-test")
    try:
        seen: list[str] = []

        async def record(message: nats.aio.msg.Msg) -> None:
            seen.append(message.subject)

        await spy.subscribe(">", cb=record)
        await spy.flush()
        await asyncio.sleep(1.0)  # time for its interest to travel, were it a route
        subject = f"{unique_prefix}.secret"
        for _ in range(20):
            await harness.publish(subject, b"hand")
        await harness.flush()

        # JetStream works across the three nodes: a stream with three replicas.
        js = harness.jetstream()
        stream = f"{unique_prefix.upper()}_R3"
        await js.add_stream(
            StreamConfig(name=stream, subjects=[f"{unique_prefix}.r3"], num_replicas=3)
        )
        # Created is not yet led: the three replicas elect the stream's leader after it
        # (seconds on a loaded machine; a publish meanwhile meets no responders).
        await eventually(lambda: _led(js, stream), TIMEOUT_S, "the stream's leader")
        await js.publish(f"{unique_prefix}.r3", b"x")
        info = await js.stream_info(stream)
        assert info.cluster is not None and len(info.cluster.replicas or []) == 2
        assert {info.cluster.leader, *(r.name for r in info.cluster.replicas or [])} == names
        assert info.state.messages == 1
        await asyncio.sleep(0.5)
        assert seen == []
    finally:
        await spy.close()
        await harness.close()

    assert _routez(rogue_monitor)["num_routes"] == 0
    for node, monitor in zip(cluster.nodes, monitors, strict=True):
        assert node.cluster is not None
        assert _remote_names(monitor) == names - {node.cluster.server_name}  # a full mesh
