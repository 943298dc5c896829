"""The AI worker on a real NATS: work queue in, commands out, acknowledgements, retries.

A stand-in engine (a plain NATS responder on the game-command subject) answers the
commands here; the real engine takes its place in the end-to-end tests.
"""

from __future__ import annotations

import asyncio
import faulthandler
import json
import time
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from president.bus.streams import ai_stream, ensure_stream
from president.contract import (
    Accepted,
    AILevel,
    DecisionRequest,
    Rejected,
    RejectionCode,
    SeatView,
    Subjects,
    parse_command,
)
from president.rules import Options, apply_deal, deal_from_seed, new_game, observe
from prometheus_client import REGISTRY

from services.ai_worker.main import WorkerApp, create_app
from services.ai_worker.settings import AIWorkerSettings
from tests.fixtures.servers import TestServers
from tests.support.waiting import eventually

Answer = Callable[[dict[str, Any]], bytes]


def _request(table_id: str, version: int = 5) -> DecisionRequest:
    state = apply_deal(new_game(Options(players=4)), deal_from_seed("seed", 4, 0)).state
    seat = state.to_act
    assert seat is not None
    return DecisionRequest(
        table_id=table_id,
        seat=seat,
        seat_token="token-of-the-seat",
        level=AILevel.EASY,
        stream_version=version,
        view=SeatView.of(observe(state, seat)),
    )


class Engine:
    """Records the commands it gets and answers each with ``answer``."""

    def __init__(self, client: Client, subjects: Subjects):
        self.client, self.subjects = client, subjects
        self.received: list[dict[str, Any]] = []
        self.answer: Answer = lambda body: (
            Accepted(
                command_id=body["command_id"], stream_id="game-x", first_version=6, last_version=6
            )
            .model_dump_json()
            .encode()
        )
        self._subscription: Any = None

    async def start(self) -> None:
        self._subscription = await self.client.subscribe(
            self.subjects.game_commands, cb=self._on_command
        )

    async def stop(self) -> None:
        if self._subscription is not None:
            await self._subscription.unsubscribe()

    async def _on_command(self, msg: Msg) -> None:
        command = parse_command(msg.subject, msg.data)
        assert not isinstance(command, Rejected), command
        body = json.loads(msg.data)
        self.received.append(body)
        await msg.respond(self.answer(body))


@pytest.fixture
def subjects(unique_prefix: str) -> Subjects:
    return Subjects(unique_prefix)


@pytest.fixture
async def engine(client: Client, subjects: Subjects) -> AsyncIterator[Engine]:
    """A stand-in engine, not yet listening (``await engine.start()``)."""
    stand_in = Engine(client, subjects)
    yield stand_in
    await stand_in.stop()


@pytest.fixture
async def worker(servers: TestServers, subjects: Subjects) -> AsyncIterator[WorkerApp]:
    app = await _worker(servers.url_for("ai-worker"), subjects, "w1")
    yield app
    await app.stop()


async def _worker(nats_url: str, subjects: Subjects, name: str) -> WorkerApp:
    settings = AIWorkerSettings(
        nats_url=nats_url,
        subject_prefix=subjects.prefix,
        instance_id=name,
        ack_wait=1.0,
        command_timeout=0.5,
        stats_interval=0.1,
    )
    app = create_app(settings)
    await app.start()
    return app


async def _publish(client: Client, subjects: Subjects, request: DecisionRequest) -> None:
    js = client.jetstream()
    await ensure_stream(js, ai_stream(subjects))
    await js.publish(subjects.ai_decide, request.model_dump_json().encode())


async def _queue_is_empty(client: Client, subjects: Subjects) -> bool:
    info = await client.jetstream().stream_info(subjects.ai_stream)
    return info.state.messages == 0


async def test_a_decision_is_a_legal_command_with_the_deterministic_id(
    client: Client, subjects: Subjects, engine: Engine, worker: WorkerApp
) -> None:
    await engine.start()
    request = _request("tab1")
    await _publish(client, subjects, request)
    await eventually(lambda: len(engine.received) == 1)
    command = engine.received[0]
    assert command["command_id"] == f"ai:tab1:5:{request.seat}"
    assert command["seat_token"] == "token-of-the-seat"
    assert command["type"] == "PlayCards"
    legal = [list(a["play"]) for a in request.view.legal_actions if "play" in a]
    assert command["cards"] in legal
    for _ in range(50):
        if await _queue_is_empty(client, subjects):
            break
        await asyncio.sleep(0.02)
    assert await _queue_is_empty(client, subjects)


async def test_a_stale_request_is_acknowledged_and_dropped(
    client: Client, subjects: Subjects, engine: Engine, worker: WorkerApp
) -> None:
    engine.answer = lambda body: (
        Rejected(command_id=body["command_id"], code=RejectionCode.NOT_YOUR_TURN)
        .model_dump_json()
        .encode()
    )
    await engine.start()
    await _publish(client, subjects, _request("tab2"))
    await eventually(lambda: len(engine.received) == 1)
    await asyncio.sleep(1.5)  # longer than ack_wait: a redelivery would show
    assert len(engine.received) == 1
    assert await _queue_is_empty(client, subjects)


async def test_a_request_nobody_answers_is_retried_until_an_engine_answers(
    client: Client, subjects: Subjects, engine: Engine, worker: WorkerApp
) -> None:
    await _publish(client, subjects, _request("tab3"))
    await asyncio.sleep(1.0)  # no engine yet: no responders, the request is redelivered
    await engine.start()
    await eventually(lambda: len(engine.received) >= 1)
    assert engine.received[0]["command_id"].startswith("ai:tab3:5:")


async def test_two_workers_share_the_queue_and_report_their_stats(
    client: Client, subjects: Subjects, servers: TestServers, engine: Engine, worker: WorkerApp
) -> None:
    await engine.start()
    reports: list[dict[str, Any]] = []

    async def on_stats(msg: Msg) -> None:
        reports.append(json.loads(msg.data))

    stats = await client.subscribe(subjects.ai_worker_stats("*"), cb=on_stats)
    second = await _worker(servers.url_for("ai-worker"), subjects, "w2")
    try:
        for n in range(40):
            await _publish(client, subjects, _request(f"tab{n}", version=n + 1))
        await eventually(lambda: len(engine.received) >= 40)
        await eventually(lambda: sum(r["accepted"] for r in reports) >= 40)
        by_worker = {r["instance_id"] for r in reports if r["accepted"]}
        assert by_worker == {"w1", "w2"}
        assert all(rtt >= 0 for r in reports for rtt in r["rtt_ms"])
    finally:
        await second.stop()
        await stats.unsubscribe()


async def test_a_hard_decision_thinks_off_the_event_loop(
    client: Client, subjects: Subjects, engine: Engine, worker: WorkerApp
) -> None:
    # While Hard searches for its whole budget, the worker's loop (its NATS traffic,
    # the other tables' decisions) must keep running: a ticker on the loop records
    # its longest wait. Deciding on the loop would stall it for the whole budget.
    await engine.start()
    # The Hard decisions' time from the worker's own histogram (it runs in this process):
    # its stats reports may still carry the decisions of the tests before.
    hard = {"level": AILevel.HARD.value}

    def hard_seconds() -> float:
        return REGISTRY.get_sample_value("president_ai_decision_seconds_sum", hard) or 0.0

    def hard_count() -> float:
        return REGISTRY.get_sample_value("president_ai_decision_seconds_count", hard) or 0.0

    before = hard_seconds(), hard_count()
    request = _request("tabhard").model_copy(update={"level": AILevel.HARD, "budget_ms": 400})
    stalls: list[float] = []
    done = asyncio.Event()

    async def tick() -> None:
        last = time.perf_counter()
        try:
            while not done.is_set():
                # A wait past 150 ms dumps every thread's stack to stderr, shown with a
                # failure: what held the loop (a full suite once saw it held for 379 ms of
                # a 383 ms decision, not reproduced since, with or without load).
                faulthandler.dump_traceback_later(0.15)
                await asyncio.sleep(0.005)
                now = time.perf_counter()
                stalls.append(now - last)
                last = now
        finally:
            faulthandler.cancel_dump_traceback_later()

    ticker = asyncio.create_task(tick())
    try:
        await _publish(client, subjects, request)
        await eventually(lambda: len(engine.received) == 1)
    finally:
        done.set()
        await ticker
    assert hard_count() == before[1] + 1
    decided_ms = (hard_seconds() - before[0]) * 1000
    assert decided_ms >= 300, f"Hard decided in {decided_ms:.0f} ms, before spending its budget"
    # Decided on the loop, the loop would wait the whole decision at once; off it, its
    # longest wait is what the machine's load makes it (118 ms seen in a loaded suite),
    # unrelated to the decision: half the decision's own time tells one from the other.
    longest_ms = max(stalls) * 1000
    assert longest_ms < decided_ms / 2, f"the loop stalled for {longest_ms:.0f} ms"


async def test_an_unreadable_request_is_dropped_and_the_worker_keeps_serving(
    client: Client, subjects: Subjects, engine: Engine, worker: WorkerApp
) -> None:
    await engine.start()
    js = client.jetstream()
    await ensure_stream(js, ai_stream(subjects))
    await js.publish(subjects.ai_decide, b"{not a request")
    await _publish(client, subjects, _request("tab4"))
    await eventually(lambda: len(engine.received) == 1)
    assert engine.received[0]["table_id"] == "tab4"


def test_request_ids_are_unique_per_table_version_and_seat() -> None:
    ids = {_request(f"t{uuid.uuid4().hex[:4]}").command_id for _ in range(3)}
    assert len(ids) == 3
