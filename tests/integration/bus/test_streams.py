"""The project's JetStream streams: created with the settings, checked against them."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import nats
import pytest
from nats.aio.client import Client
from nats.js.api import DiscardPolicy, RetentionPolicy, StreamConfig
from president.bus.streams import (
    StreamLimits,
    StreamMismatch,
    ai_stream,
    ensure_stream,
    ensure_streams,
    events_stream,
)
from president.contract import Subjects
from president.settings import load_settings


@pytest.fixture
async def client(nats_url: str) -> AsyncIterator[Client]:
    client = await nats.connect(nats_url)
    yield client
    await client.close()


async def test_the_streams_are_created_with_the_settings_limits(
    client: Client, unique_prefix: str
) -> None:
    settings = load_settings(
        {
            "PRESIDENT_EVENTS_MAX_AGE": "3600",
            "PRESIDENT_EVENTS_MAX_BYTES": "1048576",
            "PRESIDENT_PROMPTS_MAX_AGE": "60",
            "PRESIDENT_AI_MAX_BYTES": "65536",
        }
    )
    subjects = Subjects(unique_prefix)
    js = client.jetstream()

    await ensure_streams(js, subjects, StreamLimits.from_settings(settings))

    events = (await js.stream_info(subjects.events_stream)).config
    prompts = (await js.stream_info(subjects.prompts_stream)).config
    ai = (await js.stream_info(subjects.ai_stream)).config
    assert (events.max_age, events.max_bytes, events.discard) == (3600, 1048576, DiscardPolicy.OLD)
    assert (prompts.max_age, prompts.discard) == (60, DiscardPolicy.OLD)
    assert (ai.max_bytes, ai.discard, ai.retention) == (
        65536,
        DiscardPolicy.NEW,
        RetentionPolicy.WORK_QUEUE,
    )
    assert {events.num_replicas, prompts.num_replicas, ai.num_replicas} == {1}


async def test_a_full_events_stream_drops_its_oldest_messages_and_keeps_taking_new_ones(
    client: Client, unique_prefix: str
) -> None:
    subjects = Subjects(unique_prefix)
    js = client.jetstream()
    await ensure_stream(js, events_stream(subjects, StreamLimits(events_max_bytes=4096)))

    for n in range(40):
        await js.publish(subjects.public(f"t{n}"), b"x" * 200)

    state = (await js.stream_info(subjects.events_stream)).state
    assert state.last_seq == 40 and state.first_seq > 1 and state.bytes <= 4096


async def test_a_stream_whose_limits_differ_is_brought_to_the_settings_with_a_warning(
    client: Client, unique_prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    subjects = Subjects(unique_prefix)
    js = client.jetstream()
    await ensure_stream(js, events_stream(subjects, StreamLimits(events_max_age=0)))
    await js.publish(subjects.public("t"), b"kept")

    with caplog.at_level(logging.WARNING, logger="president.bus.streams"):
        await ensure_stream(js, events_stream(subjects, StreamLimits(events_max_age=600)))

    info = await js.stream_info(subjects.events_stream)
    assert info.config.max_age == 600 and info.state.messages == 1
    assert "max_age 0.0 -> 600.0" in caplog.text


async def test_a_stream_that_cannot_match_the_settings_refuses_the_start(
    client: Client, unique_prefix: str, caplog: pytest.LogCaptureFixture
) -> None:
    subjects = Subjects(unique_prefix)
    js = client.jetstream()
    # An AI queue someone created by hand with the wrong retention.
    await js.add_stream(StreamConfig(name=subjects.ai_stream, subjects=[subjects.ai_decide]))

    with pytest.raises(StreamMismatch, match="retention"):
        await ensure_stream(js, ai_stream(subjects))
    assert "retention" in caplog.text


async def test_more_replicas_than_servers_refuses_the_start(
    client: Client, unique_prefix: str
) -> None:
    subjects = Subjects(unique_prefix)
    js = client.jetstream()
    await ensure_stream(js, events_stream(subjects))

    with pytest.raises(StreamMismatch, match="num_replicas 1 -> 3"):
        await ensure_stream(js, events_stream(subjects, StreamLimits(replicas=3)))
