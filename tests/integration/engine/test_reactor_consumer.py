"""The reactor's consumer of the lobby events changed or deleted by someone else (or left
by the release before, game events too) is found, reported and healed from the engine's
position (no replay), and a table whose reaction was dropped is reacted to by the sweep;
the games finish."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import time
from typing import Any

import nats
import nats.js.errors
import pytest
from nats.js.api import DeliverPolicy
from president.bus.connect import nats_options
from president.contract import stream_id_of_game
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
from tests.integration.engine.harness import SECRET, Harness, drop_reactions, prompt_after
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
    consumer = app.reactor_consumer
    assert consumer is not None
    # Ready as a readiness probe says: its consumer bound. Started, the engine creates it in
    # the background, after the stream's last message: a start request relayed before
    # would wait for the sweep's grace (under load, past a test's wait).
    await eventually(lambda: consumer.bound, 30, "the reactor's consumer bound")
    return app, runtime, consumer


async def _settled(h: Harness, consumer: EventConsumer, table_id: str) -> int:
    """Wait until the engine handled and acked the table's last lobby message (the
    consumer's, the stream's others are game events) and its check saw it; its sequence."""
    last = (await h.js.get_last_msg(h.subjects.events_stream, h.subjects.lobby(table_id))).seq
    assert last is not None

    async def caught_up() -> bool:
        return (consumer.position or 0) >= last

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
    handled = await _settled(fresh, consumer, table_id)
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
    position = consumer.position
    assert position is not None and position >= handled
    assert info.config.deliver_policy == DeliverPolicy.BY_START_SEQUENCE
    assert info.config.opt_start_seq == position + 1
    assert info.config.filter_subjects == [fresh.subjects.all_lobby]
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

    info = await fresh.js.consumer_info(stream, consumer.durable)
    print(f"\nthe engine's consumer starts at {info.config.opt_start_seq} (last {last})")
    assert consumer.durable == reactor_durable(fresh.subjects, SECRET)
    assert info.config.opt_start_seq == last + 1
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"


@pytest.mark.timeout(120)
async def test_a_table_whose_reaction_was_dropped_is_prompted_by_the_sweep(
    fresh: Harness,
) -> None:
    """The engine that committed a move never reacted to it (it lost NATS, or died and
    nobody gained its partitions): the sweep prompts the next seat once the grace passed."""
    table_id = "dropped"
    await write_table(fresh.store, table_id, players=3, rounds=1)
    grace, every = 1.0, 0.5
    app, _, _ = await _engine(fresh, engine_reaction_grace=grace, engine_reaction_sweep=every)
    await fresh.wait_for_game(table_id)
    # The sweep has reacted to the table once (its pass over the partitions the engine took
    # at its start, or after the grace): a move committed before that pass read the log
    # would be reacted to at once, as a gained table's (CI met it once, on a loaded machine).
    sweep = app._sweep
    assert sweep is not None
    await eventually(lambda: table_id in sweep._done, 30, "the sweep's first reaction")
    dropped = drop_reactions(app, table_id)
    async with fresh.prompts(table_id) as queue:
        first = await asyncio.wait_for(queue.get(), 20)
        dropped.armed.set()
        moved = time.monotonic()  # before the commit: the grace runs from its recorded time
        assert await fresh.answer(first)
        prompt = await prompt_after(queue, first.stream_version)
        recovered = time.monotonic() - moved
    dropped.armed.clear()
    versions = dropped.versions
    print(f"\nsweep: reaction dropped for versions {versions}; prompted after {recovered:.2f} s")
    assert any(low <= prompt.stream_version <= high for low, high in versions)
    assert grace <= recovered < grace + every + 5.0
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"


@pytest.mark.timeout(120)
async def test_a_start_handled_longer_than_ack_wait_comes_again_and_creates_the_game_once(
    fresh: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No progress acks: a start request still in hand after the short ``ack_wait`` (a
    killed engine's go on soon) is delivered again and handled twice; the game is created
    once and played to its end."""
    table_id = "slow"
    _, _, consumer = await _engine(fresh)
    start = consumer._handler
    seen: list[str] = []
    redelivered = asyncio.Event()

    async def slow(table: str, event_id: str) -> None:
        """The seam: the table's start handled (a redelivery shows twice), the first time
        still in hand when it comes again (past ack_wait, as no progress is acked)."""
        if table == table_id:
            seen.append(event_id)
            if len(seen) == 1:  # the slow work itself, until the start is delivered again
                await asyncio.wait_for(redelivered.wait(), 20 * REACTOR_ACK_WAIT)
            else:
                redelivered.set()
        await start(table, event_id)

    monkeypatch.setattr(consumer, "_handler", slow)
    await write_table(fresh.store, table_id, players=3, rounds=1)
    await fresh.wait_for_game(table_id, within=30)
    await _settled(fresh, consumer, table_id)
    print(f"\nslow start: handled {len(seen)} times (ack_wait {REACTOR_ACK_WAIT} s)")
    assert len(seen) >= 2 and len(set(seen)) == 1
    types = [e.type for e in await fresh.store.read_stream(stream_id_of_game(table_id))]
    assert types.count(types[0]) == 1
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"


@pytest.mark.timeout(120)
async def test_an_unreadable_event_is_dropped_and_the_tables_keep_being_reacted_to(
    fresh: Harness,
) -> None:
    table_id = "unreadable"
    _, _, consumer = await _engine(fresh)
    await fresh.js.publish(fresh.subjects.lobby(table_id), b"not an event")
    await write_table(fresh.store, table_id, players=3, rounds=1)
    await fresh.wait_for_game(table_id)
    assert await fresh.play(table_id) > 0
    assert await fresh.last_event_type(table_id) == "GameEnded"
    await _settled(fresh, consumer, table_id)  # the dropped message counts as done


@pytest.mark.timeout(120)
async def test_the_consumer_of_the_release_before_is_recreated_for_the_lobby_alone(
    fresh: Harness,
) -> None:
    """An upgrade: the engines' consumer as the release before left it (game events and
    lobby events, part-way through the stream) is drift to a new engine, which creates it
    again for the lobby events alone, after the stream's last message (a process that
    just started has no position); a start request it skipped is the sweep's first pass's,
    and the games are played to their end."""
    before = "upgrade-before"
    await write_table(fresh.store, before, players=3, rounds=1)
    stream = fresh.subjects.events_stream

    async def relayed() -> bool:
        with contextlib.suppress(nats.js.errors.NotFoundError):
            last = await fresh.js.get_last_msg(stream, fresh.subjects.lobby(before))
            return b"GameStartRequested" in last.data
        return False

    await eventually(relayed, 20)
    old = dataclasses.replace(
        reactor_consumer(fresh.subjects, SECRET),
        filter_subjects=[fresh.subjects.all_public, fresh.subjects.all_lobby],
    )
    await fresh.js.add_consumer(stream, old)
    repairs = REACTOR_CONSUMER_REPAIRS.labels("drift")._value.get()

    _, _, consumer = await _engine(fresh)

    info = await fresh.js.consumer_info(stream, consumer.durable)
    assert info.config.filter_subjects == [fresh.subjects.all_lobby]
    assert REACTOR_CONSUMER_REPAIRS.labels("drift")._value.get() == repairs + 1
    after = "upgrade-after"
    await write_table(fresh.store, after, players=3, rounds=1)
    for table_id in (before, after):
        await fresh.wait_for_game(table_id, within=30)
        assert await fresh.play(table_id) > 0
        assert await fresh.last_event_type(table_id) == "GameEnded"
