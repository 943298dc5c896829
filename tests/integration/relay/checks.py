"""What the relay's tests check: JetStream holds the log, once each, in order."""

from __future__ import annotations

from collections import Counter, defaultdict

from president.store import RecordedEvent
from president.store.postgres import PostgresEventStore

from .jetstream import Stored


async def logged_events(url: str) -> list[RecordedEvent]:
    """Every event of the log, by position."""
    events: list[RecordedEvent] = []
    async with await PostgresEventStore.connect(url) as store:
        while batch := await store.read_all(events[-1].position if events else 0, 1000):
            events.extend(batch)
    return events


def assert_holds_log_exactly_once(stored: list[Stored], events: list[RecordedEvent]) -> None:
    """Every event once, nothing extra, each stream in version order, the log in order."""
    ids = [message.headers["Nats-Msg-Id"] for message in stored]
    expected = [str(event.event_id) for event in events]
    repeated = sorted(msg_id for msg_id, n in Counter(ids).items() if n > 1)
    assert not repeated, f"{len(repeated)} events published more than once: {repeated[:5]}"
    missing, extra = set(expected) - set(ids), set(ids) - set(expected)
    assert not missing, f"{len(missing)} events never published"
    assert not extra, f"{len(extra)} messages that are no event of the log"
    versions: dict[str, list[int]] = defaultdict(list)
    for message in stored:
        versions[message.headers["President-Stream-Id"]].append(
            int(message.headers["President-Version"])
        )
    for stream_id, seen in versions.items():
        assert seen == list(range(1, len(seen) + 1)), f"stream {stream_id} out of order"
    assert ids == expected, "JetStream order differs from the log's commit order"
