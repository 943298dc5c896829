"""``bench bus``'s nats-py consumer: a fetch that times out is an empty batch, whichever
time-out nats-py raises (its fetch of many raises asyncio's bare one, the builtin
``TimeoutError``, at its deadline)."""

from __future__ import annotations

from typing import Any

import nats.errors
import pytest
from president_tools.loadtest.bus import Ping, consume_batch

pytestmark = [pytest.mark.unit, pytest.mark.asyncio]


class _Message:
    def __init__(self, n: int) -> None:
        self.data = Ping(n=n, text="x").model_dump_json().encode()
        self.acked = False

    async def ack(self) -> None:
        self.acked = True


class _Subscription:
    """Answers each fetch with the next of ``outcomes``: a batch, or a time-out to raise."""

    def __init__(self, *outcomes: Any) -> None:
        self._outcomes = list(outcomes)

    async def fetch(self, batch: int, timeout: float) -> list[_Message]:  # noqa: ASYNC109
        outcome = self._outcomes.pop(0)
        if isinstance(outcome, BaseException):
            raise outcome
        return list(outcome)


async def test_either_time_out_is_an_empty_batch_and_the_next_fetch_is_consumed() -> None:
    messages = [_Message(1), _Message(2)]
    subscription = _Subscription(
        TimeoutError(), nats.errors.TimeoutError(), messages, nats.errors.TimeoutError()
    )
    assert [await consume_batch(subscription) for _ in range(4)] == [0, 0, 2, 0]
    assert all(m.acked for m in messages)


async def test_other_errors_are_not_taken_for_time_outs() -> None:
    with pytest.raises(nats.errors.ConnectionClosedError):
        await consume_batch(_Subscription(nats.errors.ConnectionClosedError()))
