"""The auditors' backlog, as their shared consumer's info shows it: how many public events
wait and for how long the oldest has waited (the floor standing still)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from nats.js.api import ConsumerConfig, ConsumerInfo, SequenceInfo
from prometheus_client import REGISTRY

from services.auditor.backlog import Backlog, watch_backlog


def info(floor: int, pending: int = 0, ack_pending: int = 0) -> ConsumerInfo:
    return ConsumerInfo(
        name="auditor",
        stream_name="events",
        config=ConsumerConfig(),
        created=datetime(2026, 12, 3, tzinfo=UTC),
        ack_floor=SequenceInfo(consumer_seq=floor, stream_seq=floor),
        num_pending=pending,
        num_ack_pending=ack_pending,
    )


def test_nothing_outstanding_waits_no_time() -> None:
    backlog = Backlog()
    assert backlog.look(info(10), 100.0) == (0, 0.0)
    assert backlog.look(info(10), 200.0) == (0, 0.0)


def test_the_wait_runs_while_the_floor_stands_still_with_events_outstanding() -> None:
    backlog = Backlog()
    assert backlog.look(info(10), 100.0) == (0, 0.0)
    assert backlog.look(info(10, ack_pending=1), 110.0) == (1, 0.0)
    assert backlog.look(info(10, pending=3, ack_pending=1), 150.0) == (4, 40.0)
    assert backlog.look(info(10, pending=3, ack_pending=1), 180.0) == (4, 70.0)


def test_a_floor_that_moves_starts_the_wait_again() -> None:
    backlog = Backlog()
    backlog.look(info(10, ack_pending=2), 100.0)
    assert backlog.look(info(10, ack_pending=2), 130.0) == (2, 30.0)
    assert backlog.look(info(12, ack_pending=1), 140.0) == (1, 0.0)
    assert backlog.look(info(12, ack_pending=1), 150.0) == (1, 10.0)
    assert backlog.look(info(12), 160.0) == (0, 0.0)
    assert backlog.look(info(12, pending=1), 170.0) == (1, 0.0)  # a new wait, from now


async def test_the_watch_exports_both_gauges_and_survives_a_failed_look() -> None:
    looks: list[ConsumerInfo | Exception] = [
        info(5, ack_pending=1),
        OSError("nats away"),
        info(5, pending=1, ack_pending=1),
    ]
    clock = iter([1.0, 31.0, 61.0])
    stop = asyncio.Event()

    async def consumer_info() -> ConsumerInfo:
        look = looks.pop(0)
        if not looks:
            stop.set()
        if isinstance(look, Exception):
            raise look
        return look

    await asyncio.wait_for(watch_backlog(consumer_info, stop, lambda: next(clock), 0.01), 5)

    assert REGISTRY.get_sample_value("president_audit_backlog") == 2
    assert REGISTRY.get_sample_value("president_audit_waiting_seconds") == 30.0
