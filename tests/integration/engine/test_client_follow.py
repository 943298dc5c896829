"""The consumer's recipe on real NATS and Postgres: a game's version maps to a JetStream
sequence, and a client that stops mid-game resumes without missing or repeating an event."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from president.client import PresidentClient, follow_subject, sequence_after_version
from president.contract import PublicEvent, SeatEvent

from tests.integration.engine.harness import Harness
from tests.support.engine import write_table

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def _take(events: AsyncIterator[PublicEvent | SeatEvent], count: int) -> list[int]:
    """The versions of the next ``count`` events (the iterator is closed after them)."""
    versions: list[int] = []
    async with asyncio.timeout(20):
        async for event in events:
            versions.append(event.version)
            if len(versions) == count:
                break
    await events.aclose()  # type: ignore[attr-defined]
    return versions


async def _sequences(h: Harness, subject: str, count: int) -> dict[int, int]:
    """Version -> stream sequence of the first ``count`` messages stored on ``subject``."""
    found: dict[int, int] = {}
    messages = follow_subject(h.nc, h.subjects.events_stream, subject, idle_timeout=10)
    async with asyncio.timeout(20):
        async for message in messages:
            found[int(message.headers["President-Version"])] = message.metadata.sequence.stream
            if len(found) == count:
                break
    await messages.aclose()  # type: ignore[attr-defined]
    return found


async def test_versions_map_to_sequences_and_a_restarted_client_misses_and_repeats_nothing(
    engine: Harness,
) -> None:
    tables = ("follow-a", "follow-b")
    for table_id, rounds in zip(tables, (2, 1), strict=True):
        await write_table(engine.store, table_id, players=4, rounds=rounds)
    for table_id in tables:
        await engine.wait_for_game(table_id)
    await asyncio.gather(*(engine.play(table_id) for table_id in tables))  # interleaved
    total = await engine.game_version("follow-a")
    subject = engine.subjects.public("follow-a")
    stream = engine.subjects.events_stream
    sequence_of = await _sequences(engine, subject, total)
    assert sorted(sequence_of) == list(range(1, total + 1))
    gaps = [sequence_of[v + 1] - sequence_of[v] for v in range(1, total)]
    assert max(gaps) > 1, "the other table's messages should lie between this table's"

    # Each version maps to the sequence right after its own message (the first for 0).
    for version in range(total + 1):
        expected = sequence_of[version] + 1 if version else 1
        assert await sequence_after_version(engine.nc, stream, subject, version) == expected

    # A client handles a few events, "crashes", and resumes from the version it saved.
    client = PresidentClient(engine.nc, engine.subjects)
    handled: list[int] = []
    for stop_at in (1, 7, total // 2, total - 1):
        saved = handled[-1] if handled else 0
        handled += await _take(
            client.public_events("follow-a", after_version=saved), stop_at - saved
        )
    handled += await _take(client.public_events("follow-a", after_version=handled[-1]), 1)
    assert handled == list(range(1, total + 1))

    # A seat's subject holds only some versions (its hand each round); the same again.
    seat = await _take(client.seat_events("follow-a", 2), 2)
    rest = await _take(client.seat_events("follow-a", 2, after_version=seat[0]), 1)
    assert rest == seat[1:]
