"""A local 3-node JetStream cluster: streams with 3 replicas survive losing a node,
the stream leader included, after a short election."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import nats.errors
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig
from president.bus.connect import connect, server_list
from president.bus.streams import StreamLimits, ensure_streams
from president.contract import Subjects
from president.settings import Settings
from president_tools.infra import ensure_servers, stop_servers
from president_tools.infra.nats import EmbeddedNats, EmbeddedNatsCluster
from president_tools.infra.probes import nats_answers
from president_tools.infra.state import read_state

from tests.support.waiting import eventually

ELECTION_S = 15.0


def test_infra_starts_a_three_node_cluster_and_reuses_it(server_data_dir: Path) -> None:
    settings = Settings(database_url="postgresql://someone@db.example/x", data_dir=server_data_dir)
    try:
        first = ensure_servers(settings, nats_nodes=3)
        again = ensure_servers(settings, nats_nodes=3)
        assert len(server_list(first.nats_url)) == 3 and len(first.started) == 1
        assert again.started == [] and again.nats_url == first.nats_url
        assert all(nats_answers(url) for url in server_list(first.nats_url))
        recorded = read_state(server_data_dir).nats_cluster
        assert recorded is not None and [r.url for r in recorded] == server_list(first.nats_url)
    finally:
        stopped = stop_servers(server_data_dir)
    assert sorted(stopped) == sorted(server_list(first.nats_url))


async def _publish(js: JetStreamContext, subject: str, numbers: range) -> float:
    """Publish each number (retried through an election, once by its message id); return
    the longest wait for one ack."""
    longest = 0.0
    for number in numbers:
        started = time.monotonic()
        while True:
            try:
                await js.publish(
                    subject, b"%d" % number, headers={"Nats-Msg-Id": str(number)}, timeout=1
                )
                break
            except (nats.errors.Error, TimeoutError):
                if time.monotonic() - started > ELECTION_S:
                    raise
                await asyncio.sleep(0.1)
        longest = max(longest, time.monotonic() - started)
    return longest


async def _consume(js: JetStreamContext, subjects: Subjects, durable: str, count: int) -> list[int]:
    """``count`` messages through a durable pull consumer (R3, like its stream)."""
    got: list[int] = []
    deadline = time.monotonic() + ELECTION_S
    subscription = None
    while len(got) < count:
        try:
            if subscription is None:
                subscription = await js.pull_subscribe(
                    subjects.all_public,
                    durable=durable,
                    stream=subjects.events_stream,
                    config=ConsumerConfig(ack_policy=AckPolicy.EXPLICIT),
                )
            for message in await subscription.fetch(count - len(got), timeout=1):
                got.append(int(message.data))
                await message.ack_sync(timeout=1)
        except (nats.errors.Error, TimeoutError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)
    return got


async def _leader(js: JetStreamContext, stream: str) -> str:
    info = await js.stream_info(stream)
    assert info.cluster is not None and info.cluster.leader is not None
    return info.cluster.leader


async def _all_replicas_current(js: JetStreamContext, stream: str) -> None:
    """Wait until every replica of ``stream`` is online and caught up."""

    async def current() -> bool:
        try:
            info = await js.stream_info(stream)
        except (nats.errors.Error, TimeoutError):
            return False
        replicas = (info.cluster.replicas or []) if info.cluster else []
        return len(replicas) == 2 and all(r.current and not r.offline for r in replicas)

    await eventually(current, ELECTION_S, f"both replicas of {stream} current", every=0.1)


def _node(cluster: EmbeddedNatsCluster, name: str) -> EmbeddedNats:
    return next(n for n in cluster.nodes if n.cluster and n.cluster.server_name == name)


def _kill(node: EmbeddedNats) -> None:
    assert node.pid is not None
    os.kill(node.pid, signal.SIGKILL)
    node.stop()  # reaps it


async def test_streams_with_three_replicas_survive_losing_a_node_and_then_the_leader(
    nats_cluster: EmbeddedNatsCluster, unique_prefix: str
) -> None:
    subjects = Subjects(unique_prefix)
    subject = subjects.public("t1")
    client: Client = await connect(nats_cluster.url_for("harness"), "cluster-test")
    try:
        js = client.jetstream()
        await ensure_streams(js, subjects, StreamLimits(replicas=3))
        for stream in (subjects.events_stream, subjects.prompts_stream, subjects.ai_stream):
            info = await js.stream_info(stream)
            assert info.config.num_replicas == 3
            assert info.cluster is not None and len(info.cluster.replicas or []) == 2
        await _publish(js, subject, range(0, 20))
        assert await _consume(js, subjects, "reader", 20) == list(range(0, 20))

        # A node that does not lead the stream: nothing to elect.
        leader = await _leader(js, subjects.events_stream)
        follower = next(
            n for n in nats_cluster.nodes if n.cluster and n.cluster.server_name != leader
        )
        _kill(follower)
        await _publish(js, subject, range(20, 40))
        assert await _consume(js, subjects, "reader", 20) == list(range(20, 40))
        follower.start()  # back, on its ports, with its store
        await _all_replicas_current(js, subjects.events_stream)

        # The stream leader itself: the others elect a new one.
        leader = await _leader(js, subjects.events_stream)
        _kill(_node(nats_cluster, leader))
        waited = await _publish(js, subject, range(40, 60))
        print(f"publishing waited at most {waited:.2f} s for the new stream leader")
        assert await _consume(js, subjects, "reader", 20) == list(range(40, 60))
        assert await _leader(js, subjects.events_stream) != leader
        assert (await js.stream_info(subjects.events_stream)).state.messages == 60
    finally:
        await client.close()
