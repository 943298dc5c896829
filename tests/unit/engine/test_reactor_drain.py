"""A table's batch that fails in the reactor gives back the room of what came meanwhile."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from president.contract import Subjects

from services.engine.jetstream import EventConsumer

pytestmark = pytest.mark.unit


class _Client:
    def jetstream(self) -> None:
        return None


class _Pulls:
    def __init__(self, in_hand: int) -> None:
        self.in_hand = in_hand

    async def done(self, count: int = 1) -> None:
        self.in_hand -= count


async def test_what_came_for_a_table_during_a_failed_batch_frees_its_room() -> None:
    consumer = EventConsumer(
        _Client(),  # type: ignore[arg-type]
        Subjects("president"),
        lambda events: asyncio.sleep(0),
        secret="s" * 64,
    )
    first = [(object(), object())]
    pulls = _Pulls(in_hand=3)  # the first batch and two more that arrive while it runs

    async def failing(items: list[Any]) -> None:
        consumer._waiting["t1"].extend([(object(), object()), (object(), object())])
        raise ConnectionError("acks could not be sent")

    consumer._table = failing  # type: ignore[method-assign]
    consumer._waiting["t1"] = list(first)
    await consumer._drain("t1", pulls)  # type: ignore[arg-type]

    assert "t1" not in consumer._waiting
    assert pulls.in_hand == 0  # none of the three holds room any more
