"""Turn clocks through the engine, the relay, Postgres and NATS, on a short real clock:
time-outs, takeover, late actions, Leave/Away/Back, lost AI requests, restarts, two engines."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from president.audit.verify import audit_events
from president.bus.connect import connect
from president.contract import (
    Accepted,
    Away,
    Back,
    DecisionRequest,
    GetView,
    Leave,
    Rejected,
    RejectionCode,
    TableOptions,
    TurnPrompt,
    ViewReply,
    stream_id_of_game,
)
from president.game import TAKEOVER_ACTOR
from president.store import RecordedEvent

from services.ai_worker.consumer import ai_consumer_config
from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import Harness, token
from tests.support.engine import command_for, write_table
from tests.support.waiting import eventually

pytestmark = pytest.mark.asyncio(loop_scope="session")

DECISIONS = ("CardsPlayed", "Passed", "CardsReturned")


async def _events(h: Harness, table_id: str) -> list[RecordedEvent]:
    return await h.store.read_stream(stream_id_of_game(table_id))


async def _until_log(
    h: Harness, table_id: str, holds: Callable[[list[RecordedEvent]], bool], within: float
) -> list[RecordedEvent]:
    """The game stream, once it ``holds`` what the test waits for."""
    events: list[RecordedEvent] = []

    async def held() -> bool:
        nonlocal events
        events = await _events(h, table_id)
        return holds(events)

    await eventually(held, within, f"the log of {table_id} as awaited")
    return events


async def _wait_for(h: Harness, table_id: str, event_type: str, within: float) -> None:
    """Until the game stream holds an event of ``event_type``."""
    await _until_log(h, table_id, lambda events: any(e.type == event_type for e in events), within)


def _seat_of(event: RecordedEvent) -> int:
    return int(event.data.get("seat", event.data.get("giver", -1)))


def _timeouts_of(events: list[RecordedEvent], turn: int) -> int:
    return sum(1 for e in events if e.type == "TurnTimedOut" and e.data["turn_version"] == turn)


async def _play_all_but(h: Harness, table_id: str, absent: int) -> None:
    """Answer every prompt of every seat but ``absent`` until the game ends."""
    async with h.prompts(table_id) as queue:
        while await h.last_event_type(table_id) != "GameEnded":
            try:
                prompt = await asyncio.wait_for(queue.get(), 1.0)
            except TimeoutError:
                continue
            if prompt.seat != absent:
                await h.answer(prompt)


def _taken_over(event: RecordedEvent, seat: int) -> bool:
    return event.metadata.get("actor") == TAKEOVER_ACTOR and _seat_of(event) == seat


def _lags_ms(events: list[RecordedEvent]) -> list[float]:
    return [
        (e.recorded_at - datetime.fromisoformat(e.data["deadline"])).total_seconds() * 1000
        for e in events
        if e.type == "TurnTimedOut"
    ]


@pytest.mark.timeout(120)
async def test_a_seat_that_never_acts_times_out_and_the_game_finishes(fresh: Harness) -> None:
    table_id = "clock-absent"
    # 1 s a turn: the absent seat costs 2 s in all. The test's own bot answers for the other
    # seats; on a loaded machine its answer can come after the deadline, and that seat is
    # then timed out as it should be: what must hold at any speed is said of seat 2 (and of
    # every time-out: never before its deadline).
    options = TableOptions(turn_seconds=1.0, away_after=2, rounds=2)
    await write_table(fresh.store, table_id, options=options)
    await fresh.start_engine()
    await fresh.wait_for_game(table_id)
    await asyncio.wait_for(_play_all_but(fresh, table_id, absent=2), 90)
    events = await _events(fresh, table_id)
    timed_out = [e for e in events if e.type == "TurnTimedOut" and e.data["seat"] == 2]
    assert len(timed_out) == 2  # then away: played at once
    assert all(lag >= 0 for lag in _lags_ms(events))
    away = [e.data for e in events if e.type == "SeatAway" and e.data["seat"] == 2]
    assert away == [{"seat": 2, "reason": "timeouts"}]
    seat_2 = [
        e for e in events if e.type in DECISIONS and e.data.get("seat", e.data.get("giver")) == 2
    ]
    assert seat_2 and all(e.metadata["actor"] == TAKEOVER_ACTOR for e in seat_2)
    assert audit_events(events).ok


@pytest.mark.timeout(60)
async def test_a_late_action_is_rejected_with_turn_timed_out(fresh: Harness) -> None:
    table_id = "clock-late"
    await write_table(fresh.store, table_id, options=TableOptions(turn_seconds=0.3))
    await fresh.start_engine()
    async with fresh.prompts(table_id) as queue:
        prompt = await asyncio.wait_for(queue.get(), 10)
    assert prompt.clock.deadline is not None
    await _wait_for(fresh, table_id, "TurnTimedOut", 10)
    action = prompt.view.to_rules().legal_actions[0]
    reply = await fresh.send(command_for(table_id, action, "too-late"))
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.TURN_TIMED_OUT


@pytest.mark.timeout(60)
async def test_leave_away_and_back_with_the_seat_token(fresh: Harness) -> None:
    table_id = "clock-presence"
    await write_table(fresh.store, table_id, options=TableOptions(turn_seconds=30))
    await fresh.start_engine()
    await fresh.wait_for_game(table_id)

    async def send(kind: type[Leave | Away | Back], seat: int, command_id: str) -> Accepted:
        reply = await fresh.send(
            kind(
                command_id=command_id,
                table_id=table_id,
                seat=seat,
                seat_token=token(table_id, seat),
            )
        )
        assert isinstance(reply, Accepted), reply
        return reply

    async def view(seat: int) -> ViewReply:
        reply = await fresh.send(
            GetView(table_id=table_id, seat=seat, seat_token=token(table_id, seat))
        )
        assert isinstance(reply, ViewReply), reply
        return reply

    leader = 0
    before = await view(leader)
    assert before.clock.deadline is not None and 0 < (before.clock.seconds_left or 0) <= 30
    await send(Away, leader, "away-1")
    assert (await send(Away, leader, "away-2")).duplicate  # away already
    # away while due: the takeover level plays the seat at once, not in 30 s
    await _until_log(
        fresh, table_id, lambda events: any(_taken_over(e, leader) for e in events), 15
    )
    away = await view(leader)
    assert away.clock.away and away.clock.away_reason == "asked" and away.clock.deadline is None
    await send(Back, leader, "back-1")
    assert not (await view(leader)).clock.away
    await send(Leave, 3, "leave-1")
    assert (await send(Leave, 3, "leave-2")).duplicate
    left = await view(3)
    assert left.clock.left
    reply = await fresh.send(
        Back(command_id="back-3", table_id=table_id, seat=3, seat_token=token(table_id, 3))
    )
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.SEAT_LEFT
    types = [e.type for e in await _events(fresh, table_id)]
    assert (types.count("SeatAway"), types.count("SeatBack"), types.count("SeatLeft")) == (1, 1, 1)


@pytest.mark.timeout(90)
async def test_a_stray_consumer_eating_ai_requests_does_not_stall_the_table(
    fresh: Harness, servers: TestServers
) -> None:
    table_id = "clock-ai-lost"
    options = TableOptions(turn_seconds=0.1)  # AI seats: 0.3 s, asked again at 0.15 s
    await write_table(fresh.store, table_id, players=3, ai_seats=(0, 1, 2), options=options)
    eaten: list[DecisionRequest] = []
    stop = asyncio.Event()
    # a misbehaving worker with the AI workers' own identity
    stray_client = await connect(servers.url_for("ai-worker"), "stray-ai-worker")
    stray = asyncio.create_task(_stray_consumer(fresh, stray_client.jetstream(), eaten, stop))
    try:
        await fresh.start_engine()
        await _wait_for(fresh, table_id, "GameEnded", 80)
    finally:
        stop.set()
        await stray
        await stray_client.close()
    events = await _events(fresh, table_id)
    decisions = [e for e in events if e.type in DECISIONS]
    assert decisions and all(e.metadata["actor"] == TAKEOVER_ACTOR for e in decisions)
    assert len([e for e in events if e.type == "TurnTimedOut"]) == len(decisions)
    assert {r.attempt for r in eaten} == {1, 2}  # each request was asked again, then taken over
    assert audit_events(events).ok


async def _stray_consumer(
    h: Harness, js: JetStreamContext, eaten: list[DecisionRequest], stop: asyncio.Event
) -> None:
    """Binds to the AI workers' durable consumer of all-AI games' decisions, acknowledges
    every request, does nothing."""
    subjects = h.subjects
    while True:
        with contextlib.suppress(Exception):
            subscription = await js.pull_subscribe(
                subjects.ai_batch,
                durable=subjects.ai_batch_consumer,
                stream=subjects.ai_stream,
                config=ai_consumer_config(30),
            )
            break
        await asyncio.sleep(0.05)  # the engine creates the stream
    while not stop.is_set():
        try:
            messages = await subscription.fetch(16, timeout=0.2)
        except TimeoutError:
            continue
        for message in messages:
            eaten.append(DecisionRequest.model_validate_json(message.data))
            await message.ack()
    await subscription.unsubscribe()


async def _pending_deadline(h: Harness, table_id: str) -> tuple[int, datetime]:
    """The first due seat's turn version and deadline, once the game is created."""
    await h.wait_for_game(table_id)
    events = await _events(h, table_id)
    deadline = next(e for e in events if e.type == "TurnDeadlineSet")
    return deadline.version, datetime.fromisoformat(deadline.data["deadline"])


async def _until(moment: datetime) -> None:
    """Let real time pass ``moment`` (the test is about what happens after a deadline)."""
    await eventually(lambda: datetime.now(UTC) > moment, 60, f"past {moment}")


@pytest.mark.timeout(60)
async def test_an_engine_stopped_with_a_deadline_pending_is_timed_out_once_after_restart(
    fresh: Harness,
) -> None:
    table_id = "clock-restart"
    first = await fresh.start_engine()  # started first: its start counts no time off the turn
    await write_table(fresh.store, table_id, options=TableOptions(turn_seconds=1))
    turn, deadline = await _pending_deadline(fresh, table_id)
    await fresh.stop_engine(first)  # gone before its alarm
    await _until(deadline)
    assert "TurnTimedOut" not in [e.type for e in await _events(fresh, table_id)]
    await fresh.start_engine("engine-2")
    await _wait_for(fresh, table_id, "TurnTimedOut", 10)
    events = await _events(fresh, table_id)
    assert [e.data["turn_version"] for e in events if e.type == "TurnTimedOut"][:1] == [turn]
    assert (
        sum(1 for e in events if e.type == "TurnTimedOut" and e.data["turn_version"] == turn) == 1
    )


@pytest.mark.timeout(60)
async def test_two_engines_time_a_turn_out_once(fresh: Harness) -> None:
    table_id = "clock-two"
    await write_table(fresh.store, table_id, options=TableOptions(turn_seconds=1))
    first = await fresh.start_engine()
    turn, deadline = await _pending_deadline(fresh, table_id)
    await fresh.stop_engine(first)
    await _until(deadline)
    # both find the overdue turn in the log at start-up and both fire at once
    await asyncio.gather(fresh.start_engine("engine-a"), fresh.start_engine("engine-b"))
    await _wait_for(fresh, table_id, "TurnTimedOut", 10)
    for engine in fresh.engines:
        assert engine.turn_clock is not None
    events = await _events(fresh, table_id)
    assert (
        sum(1 for e in events if e.type == "TurnTimedOut" and e.data["turn_version"] == turn) == 1
    )
    assert (await fresh.store.verify_chain(stream_id_of_game(table_id))).ok


async def test_prompts_carry_the_deadline_and_a_turn_end_follows(fresh: Harness) -> None:
    table_id = "clock-ends"
    await write_table(fresh.store, table_id, options=TableOptions(turn_seconds=0.3))
    await fresh.start_engine()
    received: list[bytes] = []
    ended_seen = asyncio.Event()
    subject = f"{fresh.prefix}.evt.table.{table_id}.seat.0.prompt"

    async def on_message(message: Msg) -> None:
        received.append(message.data)
        if b'"TurnEnded"' in message.data:
            ended_seen.set()

    subscription = await fresh.js.subscribe(subject, cb=on_message, ordered_consumer=True)
    try:
        await asyncio.wait_for(ended_seen.wait(), 10)
    finally:
        await subscription.unsubscribe()
    prompt = TurnPrompt.model_validate_json(received[0])
    assert prompt.seat == 0 and prompt.clock.deadline is not None
    ended = next(data for data in received if b'"TurnEnded"' in data)
    assert b'"timed_out"' in ended and f'"stream_version":{prompt.stream_version}'.encode() in ended
