"""The reactor's consumer changed or deleted by someone else is found, reported and
healed from the engine's position (no replay), and a table whose reaction was dropped
is reacted to by the sweep; the games finish."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

import nats
import nats.js.errors
import pytest
from nats.js.api import DeliverPolicy
from president.bus.connect import nats_options
from president.runtime import Runtime
from president.runtime.metrics import REACTOR_CONSUMER_REPAIRS

from services.engine.jetstream import (
    REACTOR_ACK_WAIT,
    EventConsumer,
    reactor_consumer,
    reactor_durable,
)
from services.engine.main import EngineApp, create_app
from services.engine.settings import EngineSettings
from tests.fixtures.servers import TestServers
from tests.integration.engine.harness import SECRET, Harness
from tests.support.engine import write_table
from tests.support.waiting import eventually

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _engine(h: Harness, **overrides: Any) -> tuple[EngineApp, Runtime, EventConsumer]:
    settings = EngineSettings(
        instance_id="engine-heal",
        subject_prefix=h.prefix,
        token_secret=SECRET,
        **{**h.identities, **overrides},
    )
    app = create_app(settings, database_url=h.database_url, nats_url=h.engine_url)
    runtime = Runtime(settings.instance_id)
    await app.start(runtime)
    runtime.health.phase = "serving"  # as president.runtime.run does once started
    h.engines.append(app)
    assert app.reactor_consumer is not None
    return app, runtime, app.reactor_consumer


async def _settled(h: Harness, consumer: EventConsumer) -> int:
    """Wait until the engine handled and acked every message of the stream and its
    check saw it; the stream's last sequence."""
    last = 0

    async def caught_up() -> bool:
        nonlocal last
        last = (await h.js.stream_info(h.subjects.events_stream)).state.last_seq
        return consumer.position == last

    await eventually(caught_up, 20)
    return last


async def _healed(h: Harness, runtime: Runtime, consumer: EventConsumer) -> list[str]:
    """Wait until the engine reports the problem and is ready again; what it reported."""
    said: list[str] = []

    async def ready() -> bool:
        problems = await runtime.health.problems()
        if "reactor" in problems:
            said.append(problems["reactor"])
        return bool(said) and not problems and consumer.bound

    await eventually(ready, 20)
    return said


async def _drift_by_a_legacy_create(servers: TestServers, h: Harness) -> int:
    """The attack that nats-server's permissions cannot stop: an integrator's ephemeral
    create (the 5-token subject it needs for ordered consumers) naming the reactor's
    consumer in its body updates it (only the subject is checked). The server refuses
    an update of the deliver policy or start sequence, so the attacker guesses them: from
    the stream's start (an engine that started on an empty stream), then each start
    sequence from the stream's last down; the number of guesses."""
    integrator = await nats.connect(**nats_options(servers.url_for("integrator"), "attacker"))
    stream = h.subjects.events_stream
    try:
        last = (await integrator.jetstream().stream_info(stream)).state.last_seq
        starts = [{"deliver_policy": "all"}] + [
            {"deliver_policy": "by_start_sequence", "opt_start_seq": start}
            for start in range(last + 1, 0, -1)
        ]
        for guesses, start in enumerate(starts, 1):
            config = {
                "name": reactor_consumer(h.subjects, SECRET).durable_name,
                "filter_subjects": [f"{h.prefix}.evt.table.nobody.public"],
                **start,
                "ack_policy": "explicit",
                "ack_wait": int(5e9),
                "max_ack_pending": 20000,
            }
            body = json.dumps({"stream_name": stream, "config": config}).encode()
            reply = await integrator.request(f"$JS.API.CONSUMER.CREATE.{stream}", body, timeout=5)
            if b'"error"' not in reply.data:
                return guesses
            refusals = (b"start sequence can not be updated", b"deliver policy can not be updated")
            assert any(refusal in reply.data for refusal in refusals), reply.data
        raise AssertionError("no start was accepted")
    finally:
        await integrator.close()


@pytest.mark.parametrize("attack", ["drift", "lost"])
@pytest.mark.timeout(120)
async def test_a_changed_or_deleted_reactor_consumer_is_healed_from_the_engines_position(
    fresh: Harness, servers: TestServers, attack: str
) -> None:
    table_id = f"heal-{attack}"
    await write_table(fresh.store, table_id, players=3, rounds=1)
    _, runtime, consumer = await _engine(fresh, engine_consumer_check=0.3)
    await fresh.play(table_id, max_actions=4)
    position = await _settled(fresh, consumer)
    repairs = REACTOR_CONSUMER_REPAIRS.labels(attack)._value.get()

    if attack == "drift":
        guesses = await _drift_by_a_legacy_create(servers, fresh)
        print(f"\nthe integrator updated the reactor's consumer after {guesses} guesses")
    else:
        await fresh.js.delete_consumer(fresh.subjects.events_stream, consumer.durable)
    said = await _healed(fresh, runtime, consumer)

    info = await fresh.js.consumer_info(fresh.subjects.events_stream, consumer.durable)
    [reported] = {problem for problem in said if "healing" in problem}
    print(f"\n{attack}: reported {reported!r}; created again from {info.config.opt_start_seq}")
    assert REACTOR_CONSUMER_REPAIRS.labels(attack)._value.get() == repairs + 1
    assert ("was changed" if attack == "drift" else "is missing") in reported
    # From the engine's position: nothing it had handled comes again.
    assert info.config.deliver_policy == DeliverPolicy.BY_START_SEQUENCE
    assert info.config.opt_start_seq == position + 1
    assert info.config.filter_subjects == reactor_consumer(fresh.subjects, SECRET).filter_subjects
    assert info.delivered is not None and info.delivered.stream_seq >= position
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"


@pytest.mark.timeout(120)
async def test_a_fresh_engine_on_a_stream_with_messages_starts_after_them(
    fresh: Harness,
) -> None:
    """No consumer, no position: no replay of the stream; the game started before the
    engine came is created by the sweep's first pass."""
    table_id = "late-engine"
    await write_table(fresh.store, table_id, players=3, rounds=1)

    stream = fresh.subjects.events_stream
    last = 0

    async def relayed() -> bool:
        """The relay reached the start request, the log's last event (it relays the
        whole log of the test database into this prefix, in log order)."""
        nonlocal last
        with contextlib.suppress(nats.js.errors.NotFoundError):  # no stream yet, no start
            last = (await fresh.js.stream_info(stream)).state.last_seq
            start = await fresh.js.get_last_msg(stream, fresh.subjects.lobby(table_id))
            return start.seq == last and b"GameStartRequested" in start.data
        return False

    await eventually(relayed, 20)
    _, _, consumer = await _engine(fresh)

    async def bound() -> bool:
        return consumer.bound

    await eventually(bound, 20)
    info = await fresh.js.consumer_info(fresh.subjects.events_stream, consumer.durable)
    assert info.config.deliver_policy == DeliverPolicy.BY_START_SEQUENCE
    assert info.config.opt_start_seq == last + 1
    await fresh.wait_for_game(table_id)
    assert await fresh.play(table_id) > 0


@pytest.mark.timeout(120)
async def test_a_consumer_under_the_old_name_is_never_adopted(
    fresh: Harness, servers: TestServers
) -> None:
    """An integrator creates a consumer under the name the reactor had before it had a
    secret part, a million sequences ahead (the 5-token create takes the name from the
    body); an engine that finds no consumer of its own (here after a token-secret
    rotation, or on its first start) starts after the stream's last message, never from
    that consumer."""
    table_id = "old-name"
    await write_table(fresh.store, table_id, players=3, rounds=1)
    stream = fresh.subjects.events_stream
    last = 0

    async def relayed() -> bool:
        nonlocal last
        with contextlib.suppress(nats.js.errors.NotFoundError):  # no stream yet
            last = (await fresh.js.stream_info(stream)).state.last_seq
            start = await fresh.js.get_last_msg(stream, fresh.subjects.lobby(table_id))
            return start.seq == last and b"GameStartRequested" in start.data
        return False

    await eventually(relayed, 20)
    integrator = await nats.connect(**nats_options(servers.url_for("integrator"), "attacker"))
    try:
        config = {
            "name": f"{fresh.prefix}-engine-reactor",
            "filter_subjects": [fresh.subjects.all_public, fresh.subjects.all_lobby],
            "deliver_policy": "by_start_sequence",
            "opt_start_seq": last + 1_000_000,
            "ack_policy": "explicit",
        }
        body = json.dumps({"stream_name": stream, "config": config}).encode()
        reply = await integrator.request(f"$JS.API.CONSUMER.CREATE.{stream}", body, timeout=5)
        assert b'"error"' not in reply.data, reply.data
    finally:
        await integrator.close()

    _, _, consumer = await _engine(fresh)

    async def bound() -> bool:
        return consumer.bound

    await eventually(bound, 20)
    info = await fresh.js.consumer_info(stream, consumer.durable)
    print(f"\nthe engine's consumer starts at {info.config.opt_start_seq} (last {last})")
    assert consumer.durable == reactor_durable(fresh.subjects, SECRET)
    assert info.config.opt_start_seq == last + 1
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"


@pytest.mark.timeout(120)
async def test_a_table_whose_reaction_was_dropped_is_prompted_by_the_sweep(
    fresh: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = "dropped"
    await write_table(fresh.store, table_id, players=3, rounds=1)
    grace, every = 1.0, 0.5
    _, _, consumer = await _engine(fresh, engine_reaction_grace=grace, engine_reaction_sweep=every)
    await fresh.wait_for_game(table_id)
    handle = consumer._handler
    dropped: list[int] = []

    async def dropping(events: list[Any]) -> None:
        """The seam: while armed, every batch of the table is acked unhandled (one
        commit's events can come in more than one batch)."""
        if armed.is_set() and events[0].table_id == table_id:
            dropped.extend(e.version for e in events)
            return
        await handle(events)

    armed = asyncio.Event()
    monkeypatch.setattr(consumer, "_handler", dropping)
    async with fresh.prompts(table_id) as queue:
        first = await asyncio.wait_for(queue.get(), 20)
        armed.set()
        assert await fresh.answer(first)
        moved = time.monotonic()
        while True:
            prompt = await asyncio.wait_for(queue.get(), 30)
            if prompt.stream_version > first.stream_version:
                break
        recovered = time.monotonic() - moved
    armed.clear()
    print(f"\nsweep: reaction dropped for versions {dropped}; prompted after {recovered:.2f} s")
    assert dropped and prompt.stream_version in dropped
    assert grace <= recovered < grace + every + 5.0
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"


@pytest.mark.timeout(120)
async def test_a_table_handled_longer_than_ack_wait_is_kept_not_redelivered(
    fresh: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The short ``ack_wait`` (a killed engine's events go on soon) with progress acks:
    a live engine whose table takes twice ``ack_wait`` keeps its messages; each is
    handled once."""
    table_id = "slow"
    await write_table(fresh.store, table_id, players=3, rounds=1)
    _, _, consumer = await _engine(fresh)
    await fresh.wait_for_game(table_id)
    handle = consumer._handler
    seen: list[int] = []
    slowed: list[int] = []

    async def slow(events: list[Any]) -> None:
        """The seam: the versions of the table handled (a redelivery shows twice); while
        armed, its batches take 2 x ack_wait to handle."""
        if events[0].table_id == table_id:
            seen.extend(e.version for e in events)
            if armed.is_set():
                slowed.extend(e.version for e in events)
                await asyncio.sleep(2 * REACTOR_ACK_WAIT)  # the slow work itself
        await handle(events)

    armed = asyncio.Event()
    monkeypatch.setattr(consumer, "_handler", slow)
    async with fresh.prompts(table_id) as queue:
        first = await asyncio.wait_for(queue.get(), 20)
        armed.set()
        assert await fresh.answer(first)
        while (await asyncio.wait_for(queue.get(), 30)).stream_version <= first.stream_version:
            pass
    armed.clear()
    assert await fresh.play(table_id, max_actions=2) > 0  # whatever was redelivered came
    print(f"\nslow table: {slowed} took {2 * REACTOR_ACK_WAIT} s; handled {seen}")
    assert slowed and len(seen) == len(set(seen))
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"


@pytest.mark.timeout(120)
async def test_an_unreadable_event_is_dropped_and_the_tables_keep_being_reacted_to(
    fresh: Harness,
) -> None:
    table_id = "unreadable"
    await write_table(fresh.store, table_id, players=3, rounds=1)
    _, _, consumer = await _engine(fresh)
    await fresh.wait_for_game(table_id)
    await fresh.js.publish(f"{fresh.prefix}.evt.table.{table_id}.public", b"not an event")
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"
    await _settled(fresh, consumer)  # the dropped message counts as done: the floor passed it
