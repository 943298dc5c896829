"""Hostile input in bulk: one identity's flood of junk (``hostile_messages``,
``send_flood``) while others play, its replies counted by kind and code."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from president.bus.auth import Secret, User, inbox_prefix, role_permissions
from president.contract import Subjects
from president.contract.base import MAX_PAYLOAD

from president_tools.loadtest.wire import WireConnection, publish_over_max_payload

NO_REPLY = "NO_REPLY"
OVERSIZED_EVERY = 200
"""One message in this many is a body of ``OVERSIZED_BYTES``, and one more in as many a
body of ``HUGE_BYTES``."""
OVERSIZED_BYTES = 64 * 1024
"""Four times the services' limit, under the server's: refused unread as MESSAGE_TOO_LARGE."""
HUGE_BYTES = 1024 * 1024
"""The issue's 1 MiB field: over the server's ``max_payload``
(``president.contract.base.MAX_PAYLOAD``), refused by the server before any service sees
it. (Under NATS' default 1 MiB limit, 50 such bodies in the flood cost the tables about
20 % of their throughput on the shared 2-core machine, in receiving and copying them.)"""

HUGE = "over-max-payload"
"""The kind of the ``HUGE_BYTES`` bodies."""

KINDS = (
    "not-json",
    "nul-in-name",
    "deep-json",
    "huge-command-id",
    "unknown-command",
    "forged-move",
    "bad-token-shape",
    "create-storm",
)


@dataclass(frozen=True)
class Hostile:
    kind: str
    subject: str
    payload: bytes


@dataclass
class FloodResult:
    sent: int = 0
    seconds: float = 0.0
    replies: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))

    def to_json(self) -> dict[str, Any]:
        by_code: Counter[str] = Counter()
        for codes in self.replies.values():
            by_code.update(codes)
        return {
            "sent": self.sent,
            "seconds": round(self.seconds, 3),
            "per_s": round(self.sent / self.seconds, 1) if self.seconds else 0.0,
            "by_code": dict(by_code),
            "by_kind": {kind: dict(codes) for kind, codes in sorted(self.replies.items())},
        }


def hostile_messages(subjects: Subjects, count: int, seed: int = 11) -> list[Hostile]:
    """``count`` hostile requests, the kinds in turn (and in every ``OVERSIZED_EVERY``
    one body of ``OVERSIZED_BYTES`` and one of ``HUGE_BYTES``)."""
    draw = random.Random(seed)
    table = f"{subjects.prefix}.cmd.table"
    out = []
    for index in range(count):
        body: dict[str, Any]
        command_id = f"flood-{index}"
        oversized = {
            OVERSIZED_EVERY // 2 - 1: ("oversized", OVERSIZED_BYTES),
            OVERSIZED_EVERY - 1: (HUGE, HUGE_BYTES),
        }.get(index % OVERSIZED_EVERY)
        if oversized is not None:
            kind, size = oversized
            body = {"command_id": command_id, "name": "x" * size}
            out.append(Hostile(kind, f"{table}.CreateTable", _json(body)))
            continue
        kind = KINDS[index % len(KINDS)]
        fake_table = f"nope{draw.randrange(10**6)}"
        if kind == "not-json":
            subject, payload = f"{table}.CreateTable", draw.randbytes(64)
        elif kind == "nul-in-name":
            body = {"command_id": command_id, "table_id": fake_table, "player_name": "a\u0000b"}
            subject, payload = f"{table}.TakeSeat", _json(body)
        elif kind == "deep-json":
            subject = f"{table}.CreateTable"
            payload = b'{"command_id":"%s","options":' % command_id.encode()
            payload += b'{"a":' * 200 + b"1" + b"}" * 200 + b"}"
        elif kind == "huge-command-id":
            subject, payload = f"{table}.StartGame", _json({"command_id": "x" * 12_000})
        elif kind == "unknown-command":
            subject = subjects.game_command(fake_table)
            payload = _json({"command_id": command_id, "type": "Teleport"})
        elif kind == "forged-move":
            subject = subjects.game_command(fake_table)
            body = {
                "command_id": command_id,
                "type": "Pass",
                "seat": draw.randrange(4),
                "seat_token": uuid.uuid4().hex,
            }
            payload = _json(body)
        elif kind == "bad-token-shape":
            subject = subjects.game_command(fake_table)
            body = {"command_id": command_id, "type": "Pass", "seat": 0, "seat_token": "\u0000"}
            payload = _json(body)
        else:  # create-storm: well-formed tables (refused past the open-tables limit)
            subject = f"{table}.CreateTable"
            payload = _json({"command_id": command_id, "name": "storm"})
        out.append(Hostile(kind, subject, payload))
    return out


async def send_flood(url: str, user: str, messages: list[Hostile], rate: float) -> FloodResult:
    """Send ``messages`` as requests at ``rate`` per second as ``user`` (its password in
    ``url``); wait up to 10 s after the last for their replies; count every reply (or its
    absence) by kind. A body over the server's ``max_payload`` goes on a connection of its
    own, which the server closes."""
    result = FloodResult()
    pending: dict[str, str] = {}  # reply subject -> kind, until answered
    inbox = f"{inbox_prefix(user)}.{uuid.uuid4().hex}"
    done = asyncio.Event()
    refusals: dict[str, asyncio.Task[None]] = {}  # the bodies over max_payload, until refused

    def count(kind: str, code: str) -> None:
        result.replies[kind][code] += 1
        if not pending and not refusals and result.sent == len(messages):
            done.set()

    def on_reply(subject: str, data: bytes) -> None:
        kind = pending.pop(subject, None)
        if kind is not None:
            count(kind, _code(data))

    async def over_max_payload(message: Hostile, reply: str) -> None:
        code = await publish_over_max_payload(
            url, "bench-flood-huge", message.subject, message.payload, reply
        )
        del refusals[reply]
        count(message.kind, code)

    connection = await WireConnection.open(url, "bench-flood", on_reply)
    connection.subscribe(f"{inbox}.*")
    await connection.ping()
    started = time.perf_counter()
    try:
        for index, message in enumerate(messages):
            delay = started + index / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            reply = f"{inbox}.{index}"
            result.sent += 1
            if len(message.payload) > MAX_PAYLOAD:
                refusals[reply] = asyncio.create_task(over_max_payload(message, reply))
            else:
                pending[reply] = message.kind
                connection.publish(message.subject, message.payload, reply)
        await connection.ping()
        result.seconds = time.perf_counter() - started
        if pending or refusals:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), 10.0)
    finally:
        await connection.close()
        for task in refusals.values():
            task.cancel()
    for kind in pending.values():
        result.replies[kind][NO_REPLY] += 1
    for _ in refusals:
        result.replies[HUGE][NO_REPLY] += 1
    return result


def _json(body: dict[str, Any]) -> bytes:
    return json.dumps(body).encode()


def _code(data: bytes) -> str:
    """The reply's code (``Accepted`` or the like for a reply without one)."""
    for key in (b'"code":"', b'"type":"'):
        start = data.find(key)
        if start >= 0:
            start += len(key)
            return data[start : data.find(b'"', start)].decode(errors="replace")
    return "UNREADABLE_REPLY"


FLOOD_USER = "flood-integrator"
"""The flooding identity: an integrator of its own (its own rate limit, its own inbox)."""


def flood_user(prefix: str) -> User:
    """The NATS identity of the flood: an integrator's permissions under its own name."""
    return User(FLOOD_USER, Secret(literal=""), role_permissions("integrator", prefix, FLOOD_USER))


@dataclass(frozen=True)
class FloodOptions:
    tables: int = 8
    players: int = 4
    level: str = "easy"
    warmup: float = 4.0
    before: float = 8.0
    messages: int = 10_000
    rate: float = 360.0
    finish_within: float = 120.0


async def measure_flood(
    players_url: str,
    flooder_url: str,
    database_url: str,
    prefix: str,
    options: FloodOptions,
    pids: dict[str, int] | None = None,
) -> dict[str, Any]:
    """Keep ``options.tables`` all-AI tables in play (as the integrator of
    ``players_url``), measure their actions/s, then send the flood from ``flooder_url``
    while measuring again; let every game end and audit each from the log."""
    from president.audit import audit_events
    from president.contract import stream_id_of_game
    from president.store.postgres import PostgresEventStore

    from president_tools.loadtest.load import LoadOptions, Mark, load_during

    flood: dict[str, Any] = {}

    async def during(mark: Mark) -> None:
        flood["result"] = await flood_from_process(
            flooder_url, prefix, options.messages, options.rate, lambda: mark("during")
        )

    load = LoadOptions(
        tables=options.tables,
        players=options.players,
        level=options.level,
        warmup=options.warmup,
        duration=options.before,
    )
    result = await load_during(
        players_url, prefix, load, during, pids, options.finish_within, "bench-flood-players"
    )
    audits: Counter[str] = Counter()
    async with await PostgresEventStore.connect(database_url, max_size=2) as store:
        for table_id in result.table_ids:
            report = audit_events(await store.read_stream(stream_id_of_game(table_id)))
            audits["clean" if report.ok else "problems"] += 1
    before, _, kept = result.kept("during")
    return {
        "tables_in_play": options.tables,
        "before": {
            "actions": result.actions,
            "window_s": round(result.window_s, 3),
            "actions_per_s": round(before, 1),
        },
        "during": result.windows["during"].to_json(),
        "cpu_s_before": result.cpu_s,
        "cpu_s_during": result.windows["during"].cpu_s,
        "kept": round(kept, 3),
        "flood": flood["result"],
        "games_started": result.games_started,
        "games_ended": len(result.ended & set(result.table_ids)),
        "start_failures": result.start_failures,
        "audits": dict(audits),
    }


async def flood_from_process(
    url: str, prefix: str, count: int, rate: float, begin: Callable[[], None]
) -> dict[str, Any]:
    """Send the flood from a process of its own (as an attacker's machine would: its CPU is
    not the bench's event loop, which counts the tables' actions); its result as JSON.
    ``begin`` is called when the process starts sending."""
    from president_tools.loadtest.load import run_from_process

    args = [url, prefix, str(count), str(rate)]
    return await run_from_process("president_tools.loadtest.flood", args, begin)


async def _flood_main(url: str, prefix: str, count: int, rate: float) -> dict[str, Any]:
    messages = hostile_messages(Subjects(prefix), count)
    print("sending", flush=True)
    report = (await send_flood(url, FLOOD_USER, messages, rate)).to_json()
    report["flooder_cpu_s"] = round(time.process_time(), 3)  # the attacker's own cost
    return report


if __name__ == "__main__":
    url_arg, prefix_arg, count_arg, rate_arg = sys.argv[1:5]
    report = asyncio.run(_flood_main(url_arg, prefix_arg, int(count_arg), float(rate_arg)))
    print(json.dumps(report))
