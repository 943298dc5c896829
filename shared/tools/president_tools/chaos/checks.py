"""The checks after a fault, scoped to one experiment's tables: the Postgres log, the
relay's subjects in JetStream, the audits and the auditor's verdicts."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import orjson
from nats.aio.client import Client
from nats.errors import TimeoutError as NatsTimeoutError
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import NotFoundError, ServiceUnavailableError
from president.audit import audit_events
from president.contract import stream_id_of_game, stream_id_of_table
from president.contract.subjects import Subjects, table_of_stream
from president.store import RecordedEvent
from president.store.postgres import PostgresEventStore

from services.relay.game_routing import game_route
from services.relay.outgoing import Outgoing

ACTION_TYPES = ("CardsPlayed", "Passed", "CardsReturned")
"""Every accepted decision is one of these (what the load test counts as an action)."""


def stream_ids(tables: Sequence[str]) -> list[str]:
    """The Postgres streams of ``tables``: each one's lobby stream and game stream."""
    return [s for t in tables for s in (stream_id_of_table(t), stream_id_of_game(t))]


@dataclass
class Progress:
    """How far the games of an experiment are, read from the log."""

    events: int = 0
    actions: int = 0
    finished: set[str] = field(default_factory=set)
    actions_by_table: dict[str, int] = field(default_factory=dict)


_PROGRESS = """
SELECT stream_id,
       count(*) AS events,
       count(*) FILTER (WHERE type = ANY($2::text[])) AS actions,
       bool_or(type = 'GameEnded') AS ended
FROM events WHERE stream_id = ANY($1::text[]) GROUP BY stream_id
"""


async def read_progress(database_url: str, tables: Sequence[str]) -> Progress:
    """One look at the log (raises when Postgres does not answer)."""
    connection = await asyncpg.connect(database_url, timeout=5)
    try:
        rows = await connection.fetch(
            _PROGRESS, [stream_id_of_game(t) for t in tables], list(ACTION_TYPES), timeout=10
        )
    finally:
        with contextlib.suppress(Exception):
            await connection.close(timeout=2)
    progress = Progress()
    for row in rows:
        table_id = table_of_stream(row["stream_id"])
        progress.events += row["events"]
        progress.actions += row["actions"]
        progress.actions_by_table[table_id] = row["actions"]
        if row["ended"]:
            progress.finished.add(table_id)
    return progress


@dataclass
class LogCheck:
    """The log of the experiment's streams: gaps, commands acted twice, audits."""

    events: dict[str, list[RecordedEvent]]
    lost: int = 0
    doubled: int = 0
    audits_clean: int = 0
    problems: list[str] = field(default_factory=list)


async def check_log(database_url: str, tables: Sequence[str]) -> LogCheck:
    """Read every stream of ``tables``; count version gaps and commands whose events were
    appended by more than one transaction; audit each game (president.audit)."""
    store = await PostgresEventStore.connect(database_url)
    try:
        events = {s: await store.read_stream(s) for s in stream_ids(tables)}
    finally:
        await store.close()
    check = LogCheck(events)
    for stream, recorded in events.items():
        versions = [e.version for e in recorded]
        if versions != list(range(1, len(versions) + 1)):
            gaps = (max(versions) if versions else 0) - len(versions)
            check.lost += gaps
            check.problems.append(f"{stream}: versions not contiguous ({gaps} missing)")
        by_command: dict[str, Counter[int]] = defaultdict(Counter)
        for event in recorded:
            command_id = event.metadata.get("command_id")
            if command_id is not None:
                by_command[str(command_id)][event.tx_id] += 1
        for command_id, transactions in by_command.items():
            if len(transactions) > 1:
                first = min(transactions)
                check.doubled += sum(n for tx, n in transactions.items() if tx != first)
                check.problems.append(
                    f"{stream}: command {command_id} acted {len(transactions)} times"
                )
    for table_id in tables:
        game = events[stream_id_of_game(table_id)]
        if not game:
            check.problems.append(f"table {table_id}: no game stream")
            continue
        report = audit_events(game, table_id)
        if report.ok:
            check.audits_clean += 1
        else:
            problem = report.problems[0] if report.problems else None
            check.problems.append(f"audit of {table_id} fails: {problem}")
    return check


@dataclass
class StreamCheck:
    """The relay's messages of the experiment's events, as JetStream holds them."""

    lost: int = 0
    doubled: int = 0
    expired: int = 0
    unexpected: int = 0
    messages: int = 0
    action_times: list[float] = field(default_factory=list)
    """When JetStream stored each action's public message (sorted)."""
    resumed_times: dict[str, float] = field(default_factory=dict)
    """The same, by event id (to tell actions committed after a fault from a backlog)."""
    problems: list[str] = field(default_factory=list)


def _message_id(event: RecordedEvent, outgoing: Outgoing) -> str:
    return f"{event.event_id}.{outgoing.key}" if outgoing.key else str(event.event_id)


def _filters(subjects: Subjects, table_id: str) -> list[str]:
    return [
        subjects.public(table_id),
        f"{subjects.prefix}.evt.table.{table_id}.seat.*",
        subjects.lobby(table_id),
    ]


async def wait_published(
    nats: Client, subjects: Subjects, tables: Sequence[str], within: float
) -> bool:
    """Whether each game's last public message is GameEnded, waiting up to ``within`` s."""
    js = nats.jetstream()
    deadline = asyncio.get_running_loop().time() + within
    pending = set(tables)
    while pending:
        for table_id in sorted(pending):
            with contextlib.suppress(NotFoundError, NatsTimeoutError, OSError):
                last = await js.get_last_msg(subjects.events_stream, subjects.public(table_id))
                if last.data is not None and b'"GameEnded"' in last.data[:600]:
                    pending.discard(table_id)
        if not pending or asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(0.5)
    return not pending


READ_WITHIN_S = 30.0
"""How long reading one subject may wait for the messages its stream's leader counts."""
RETRY_S = 0.2
"""The wait before asking again a cluster that answered 503 (no leader for the consumer
yet): it answers at once, so without it the read would spin until the leader is back."""


async def _leader_count(nats: Client, stream: str, subject: str) -> int:
    """How many messages of ``subject`` the stream holds, as its leader counts them (the
    stream-info request is answered by the leader)."""
    info = await nats.jetstream().stream_info(stream, subjects_filter=subject)
    return sum((info.state.subjects or {}).values())


async def _read_subject(nats: Client, stream: str, subject: str) -> list[tuple[str, float, bytes]]:
    """(message id, stored at, payload) of every message of ``subject`` in ``stream``.

    Reads until it has as many messages as the stream's leader counts, for up to
    ``READ_WITHIN_S`` (creating the consumer included): in a cluster the ephemeral
    consumer may be placed on a replica that is still catching up after a restart (its
    own count is then short too), and it delivers the rest once it has them. Missing
    messages are then missing at the leader.
    """
    js = nats.jetstream()
    config = ConsumerConfig(
        deliver_policy=DeliverPolicy.ALL,
        ack_policy=AckPolicy.NONE,
        inactive_threshold=30.0,
    )
    deadline = asyncio.get_running_loop().time() + READ_WITHIN_S
    while True:
        try:
            subscription = await js.pull_subscribe(subject, stream=stream, config=config)
            break
        except (NatsTimeoutError, ServiceUnavailableError):
            # Just after a node's restart the cluster may take seconds to place a consumer.
            if asyncio.get_running_loop().time() >= deadline:
                raise
            await asyncio.sleep(RETRY_S)
    try:
        info = await subscription.consumer_info()
        wanted = max(info.num_pending or 0, await _leader_count(nats, stream, subject))
        found: list[tuple[str, float, bytes]] = []
        while len(found) < wanted and asyncio.get_running_loop().time() < deadline:
            try:
                batch = await subscription.fetch(min(500, wanted - len(found)), timeout=2)
            except TimeoutError:  # nats-py's, or asyncio's bare one from its fetch of many
                continue
            except ServiceUnavailableError:  # 503: its replica leads nothing yet, after a restart
                await asyncio.sleep(RETRY_S)
                continue
            for message in batch:
                headers = message.headers or {}
                stored = message.metadata.timestamp.timestamp()
                found.append((headers.get("Nats-Msg-Id", ""), stored, message.data))
        return found
    finally:
        with contextlib.suppress(Exception):
            await subscription.unsubscribe()


async def _oldest_position(nats: Client, stream: str) -> int:
    """The log position of the oldest message the stream still holds (0: empty)."""
    js = nats.jetstream()
    info = await js.stream_info(stream)
    if not info.state.messages:
        return 0
    with contextlib.suppress(NotFoundError):
        first = await js.get_msg(stream, info.state.first_seq)
        if first.data:
            return int(orjson.loads(first.data).get("position", 0))
    return 0


def expired_by_limits(counts: Sequence[int], position: int, oldest: int) -> bool:
    """Whether an event's missing messages (``counts``: how often each of its messages, in
    publish order, is in the stream) were discarded by the stream's limits, which drop
    from the front: the event is older than the oldest message kept, or that message is
    one of its later parts and only parts before it are gone."""
    if position != oldest:
        return position < oldest
    first_kept = next((i for i, count in enumerate(counts) if count), len(counts))
    return all(counts[first_kept:])


async def check_stream(
    nats: Client,
    subjects: Subjects,
    tables: Sequence[str],
    events: dict[str, list[RecordedEvent]],
) -> StreamCheck:
    """Compare what the relay must have published for ``events`` (its own route) with the
    events stream: each event's every message exactly once. Messages the stream's limits
    discarded (``expired_by_limits``) count as expired, not lost."""
    route = game_route(subjects.prefix)
    check = StreamCheck()
    stream = subjects.events_stream
    seen: Counter[str] = Counter()
    for table_id in tables:
        for subject in _filters(subjects, table_id):
            for message_id, stored, payload in await _read_subject(nats, stream, subject):
                seen[message_id] += 1
                if subject == subjects.public(table_id):
                    head = payload[:400]
                    if any(f'"{kind}"'.encode() in head for kind in ACTION_TYPES):
                        check.action_times.append(stored)
                        check.resumed_times[str(orjson.loads(payload)["event_id"])] = stored
    oldest = await _oldest_position(nats, stream)
    expected: set[str] = set()
    for recorded in events.values():
        for event in recorded:
            ids = [_message_id(event, out) for out in route(event)]
            expected.update(ids)
            counts = [seen.get(i, 0) for i in ids]
            if any(c == 0 for c in counts):
                if expired_by_limits(counts, event.position, oldest):
                    check.expired += 1
                else:
                    check.lost += 1
                    if len(check.problems) < 5:
                        check.problems.append(
                            f"{event.stream_id} v{event.version} ({event.type}) not in JetStream"
                        )
            if any(c > 1 for c in counts):
                check.doubled += 1
                if len(check.problems) < 10:
                    check.problems.append(
                        f"{event.stream_id} v{event.version} ({event.type}) in JetStream "
                        f"{max(counts)} times"
                    )
    check.messages = sum(seen.values())
    check.unexpected = sum(
        count for message_id, count in seen.items() if message_id not in expected
    )
    if check.unexpected:
        check.doubled += check.unexpected
        check.problems.append(f"{check.unexpected} message(s) in JetStream match no logged event")
    check.action_times.sort()
    return check


def recovery_after(times: Sequence[float], moment: float) -> float | None:
    """Seconds from ``moment`` to the first of ``times`` after it (None: none after)."""
    later = [t for t in times if t >= moment]
    return min(later) - moment if later else None


def every_table_resumed(events: dict[str, list[RecordedEvent]], moment: float) -> float | None:
    """Seconds from ``moment`` to the first event committed after it in every game still
    in play then (the slowest game's: each table's first accepted command); None when no
    game was in play."""
    waits = []
    for stream_id, stream in events.items():
        if not stream_id.startswith("game-"):
            continue
        times = [e.recorded_at.timestamp() for e in stream]
        ended = any(
            e.type == "GameEnded" and t < moment for e, t in zip(stream, times, strict=True)
        )
        later = [t for t in times if t >= moment]
        if stream and not ended and later:
            waits.append(min(later) - moment)
    return max(waits) if waits else None


def resumed_after(
    published: dict[str, float], events: dict[str, list[RecordedEvent]], moment: float
) -> float | None:
    """Seconds from ``moment`` to the publication of the first action committed after it:
    play that resumed, not a backlog of actions committed before the fault going out late."""
    committed = {
        str(e.event_id): e.recorded_at.timestamp() for stream in events.values() for e in stream
    }
    times = [t for event_id, t in published.items() if committed.get(event_id, 0.0) >= moment]
    return recovery_after(times, moment)


def play_ended(times: Sequence[float], fault_ended: float, *, every_game_ended: bool) -> float:
    """Where a pause stops counting: the last action when every game ended (the games ended
    then, maybe before the fault did: the quiet after them is no pause), else the fault's
    end or the last action, whichever is later."""
    last = max(times, default=fault_ended)
    return last if every_game_ended else max(last, fault_ended)


def longest_pause(times: Sequence[float], start: float, end: float) -> float:
    """The longest stretch of ``[start, end]`` without any of ``times``."""
    points = [start, *sorted(t for t in times if start < t < end), end]
    return max(b - a for a, b in itertools.pairwise(points))


@dataclass
class VerdictCheck:
    """The auditor's verdicts on the experiment's finished games, as ``{P}_AUDIT`` holds
    them: each game's end exactly one verdict, an ``AuditPassed``."""

    missing: int = 0
    doubled: int = 0
    failed: int = 0
    verdicts: int = 0
    problems: list[str] = field(default_factory=list)


async def _verdicts_of(nats: Client, subjects: Subjects, table_id: str) -> list[dict[str, Any]]:
    """The verdicts the audit stream holds on ``table_id`` (none while it does not exist)."""
    try:
        found = await _read_subject(nats, subjects.audit_stream, subjects.verdict(table_id))
    except NotFoundError:
        return []
    return [orjson.loads(payload) for _, _, payload in found]


async def check_verdicts(
    nats: Client, subjects: Subjects, ends: dict[str, str], within: float
) -> VerdictCheck:
    """Wait up to ``within`` s until every game of ``ends`` (table id: its ``GameEnded``
    event id) has a verdict on that end, then count: missing, more than one, failed."""
    deadline = asyncio.get_running_loop().time() + within
    while True:
        held = {t: await _verdicts_of(nats, subjects, t) for t in sorted(ends)}
        on_end = {t: [v for v in held[t] if v.get("event_id") == e] for t, e in ends.items()}
        if all(on_end.values()) or asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(1.0)
    check = VerdictCheck(verdicts=sum(len(v) for v in held.values()))
    for table_id, verdicts in sorted(on_end.items()):
        if not verdicts:
            check.missing += 1
            check.problems.append(f"table {table_id}: no verdict after {within:.0f}s")
        check.doubled += max(0, len(verdicts) - 1)
        if len(verdicts) > 1:
            check.problems.append(f"table {table_id}: {len(verdicts)} verdicts on its end")
    for table_id, verdicts in sorted(held.items()):
        failed = [v for v in verdicts if v.get("type") != "AuditPassed"]
        check.failed += len(failed)
        if failed:
            check.problems.append(f"table {table_id}: {failed[0].get('type')} {failed[0]}")
    return check


def game_ends(events: dict[str, list[RecordedEvent]]) -> dict[str, str]:
    """Table id: the event id of its game's ``GameEnded``, for every game that ended."""
    return {
        table_of_stream(stream): str(e.event_id)
        for stream, recorded in events.items()
        for e in recorded
        if e.type == "GameEnded"
    }
