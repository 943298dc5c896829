"""Ways to tamper with a recorded game, each with the version where the audit must find it.

A tamper works on the JSON form of the events (what a bundle line or a table row holds),
so the same catalogue serves the bundle tests (edit the file) and the Postgres tests
(rewrite the rows as a superuser). ``naive`` leaves hashes as they were, as a raw edit
does; ``forged`` re-chains every hash afterwards, as a forger who knows the scheme would,
so that only the deal and rules checks can find what was done.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

import orjson
from president.store import GENESIS_HASH, RecordedEvent
from president.store.chain import event_hash
from president.store.postgres import PostgresEventStore

Row = dict[str, Any]


def rows_of(events: list[RecordedEvent]) -> list[Row]:
    """The events as JSON-ready rows."""
    return [
        {
            "stream_id": e.stream_id,
            "version": e.version,
            "event_id": str(e.event_id),
            "position": e.position,
            "tx_id": e.tx_id,
            "type": e.type,
            "schema_version": e.schema_version,
            "data": copy.deepcopy(e.data),
            "metadata": copy.deepcopy(e.metadata),
            "recorded_at": e.recorded_at.isoformat(),
            "prev_hash": e.prev_hash,
            "hash": e.hash,
        }
        for e in events
    ]


def rechain(rows: list[Row]) -> None:
    """Renumber versions and positions in list order and recompute every hash."""
    positions = sorted(row["position"] for row in rows)
    prev = GENESIS_HASH
    for version, (row, position) in enumerate(zip(rows, positions, strict=True), start=1):
        row["version"], row["position"], row["prev_hash"] = version, position, prev
        row["hash"] = prev = event_hash(
            row["stream_id"], version, UUID(row["event_id"]), row["type"],
            row["schema_version"], row["data"], row["metadata"], prev,
        )  # fmt: skip


def _index(rows: list[Row], kind: str, when: Callable[[Row], bool] = lambda row: True) -> int:
    return next(i for i, row in enumerate(rows) if row["type"] == kind and when(row))


def _round(number: int) -> Callable[[Row], bool]:
    return lambda row: row["data"].get("round") == number


def changed_card(rows: list[Row]) -> int:
    """The first play of round 1 names a card its seat does not hold."""
    dealt = rows[_index(rows, "RoundDealt", _round(1))]["data"]["hands"]
    i = _index(rows, "CardsPlayed", _round(1))
    seat = rows[i]["data"]["seat"]
    rows[i]["data"]["cards"][0] = dealt[(seat + 1) % len(dealt)][0]
    return i


def removed_event(rows: list[Row]) -> int:
    """The first pass of round 1 is deleted (the versions keep their gap)."""
    i = _index(rows, "Passed", _round(1))
    del rows[i]
    return i  # the event after the gap


def inserted_event(rows: list[Row]) -> int:
    """A pass by the leader is slipped in before the first lead of round 1."""
    i = _index(rows, "CardsPlayed", _round(1))
    extra = copy.deepcopy(rows[i])
    extra["event_id"], extra["type"] = str(uuid4()), "Passed"
    extra["data"] = {"round": 1, "seat": rows[i]["data"]["seat"]}
    extra["position"] = max(row["position"] for row in rows) + 1
    rows.insert(i, extra)
    for row in rows[i + 1 :]:
        row["version"] += 1
    return i


def swapped_events(rows: list[Row]) -> int:
    """Two consecutive decisions of different seats change places."""
    decisions = ("CardsPlayed", "Passed")
    i = next(
        i
        for i in range(len(rows) - 1)
        if rows[i]["type"] in decisions
        and rows[i + 1]["type"] in decisions
        and rows[i]["data"]["seat"] != rows[i + 1]["data"]["seat"]
    )
    rows[i], rows[i + 1] = rows[i + 1], rows[i]
    rows[i]["version"], rows[i + 1]["version"] = rows[i + 1]["version"], rows[i]["version"]
    return i


def changed_point(rows: list[Row]) -> int:
    """Round 1's first seat is given one more point than the rules give."""
    i = _index(rows, "RoundEnded", _round(1))
    rows[i]["data"]["points"][0] += 1
    return i


OTHER_SEED = "f" * 64


def edited_seed(rows: list[Row]) -> int:
    """The seed recorded with round 1's commitment is changed."""
    i = _index(rows, "DealCommitted", _round(1))
    rows[i]["data"]["seed"] = OTHER_SEED
    return i


def revealed_other_seed(rows: list[Row]) -> int:
    """Round 1's reveal names a seed that is not the committed one."""
    i = _index(rows, "SeedRevealed", _round(1))
    rows[i]["data"]["seed"] = OTHER_SEED
    return i


def deal_not_from_seed(rows: list[Row]) -> int:
    """Seats 0 and 1 swap a card in round 1's deal (still 52 cards, dealt evenly)."""
    i = _index(rows, "RoundDealt", _round(1))
    hands = rows[i]["data"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    return i


@dataclass(frozen=True)
class Tamper:
    """A tamper (``apply`` edits the rows in place and returns the index of the event the
    problem must be located at) and what that problem must say."""

    name: str
    apply: Callable[[list[Row]], int]
    says: str


TAMPERS = (
    Tamper("changed card in a play", changed_card, "CARD_NOT_IN_HAND"),
    Tamper("removed event", removed_event, "rules"),
    Tamper("inserted event", inserted_event, "LEADER_CANNOT_PASS"),
    Tamper("swapped events", swapped_events, "NOT_YOUR_TURN"),
    Tamper("changed point", changed_point, "RoundEnded"),
    Tamper("edited seed", edited_seed, "recorded seed does not match its commitment"),
    Tamper("revealed seed not committed", revealed_other_seed, "does not match the commitment"),
    Tamper("deal not from its seed", deal_not_from_seed, "do not follow from the seed"),
)


def tampered(rows: list[Row], tamper: Tamper, *, forged: bool) -> tuple[list[Row], int]:
    """A tampered copy of ``rows`` and the version where the tampering must be reported."""
    changed = copy.deepcopy(rows)
    index = tamper.apply(changed)
    if forged:
        rechain(changed)
    return changed, int(changed[index]["version"])


def timed_out_early(rows: list[Row]) -> int:
    """A time-out's recorded time is moved to before its deadline (the chain does not hash
    recorded times: only the clock check can tell)."""
    i = _index(rows, "TurnTimedOut")
    deadline = datetime.fromisoformat(rows[i]["data"]["deadline"])
    rows[i]["recorded_at"] = (deadline - timedelta(milliseconds=300)).isoformat()
    return i


def takeover_without_time_out(rows: list[Row]) -> int:
    """A time-out is deleted: the takeover action after it stands alone."""
    i = _index(rows, "TurnTimedOut")
    del rows[i]
    return i  # the takeover's action, now at the removed event's place


def deadline_moved_later(rows: list[Row]) -> int:
    """A seat's deadline is moved a minute later: its time-out came before it."""
    i = _index(rows, "TurnTimedOut")
    seat = rows[i]["data"]["seat"]
    j = max(
        k
        for k in range(i)
        if rows[k]["type"] == "TurnDeadlineSet" and rows[k]["data"]["seat"] == seat
    )
    later = datetime.fromisoformat(rows[j]["data"]["deadline"]) + timedelta(minutes=1)
    rows[j]["data"]["deadline"] = later.isoformat().replace("+00:00", "Z")
    return i


CLOCK_TAMPERS = (
    Tamper("time-out recorded before its deadline", timed_out_early, "before its deadline"),
    Tamper("takeover without a time-out", takeover_without_time_out, "with no time-out"),
    Tamper("deadline moved after the time-out", deadline_moved_later, "recorded deadline is"),
)


_INSERT = """
INSERT INTO events (position, stream_id, version, event_id, tx_id, type, schema_version,
                    data, metadata, recorded_at, prev_hash, hash)
OVERRIDING SYSTEM VALUE
VALUES ($1, $2, $3, $4::uuid, $5::text::xid8, $6, $7, $8::jsonb, $9::jsonb,
        $10, $11, $12)"""

_NEXT_POSITION = "SELECT nextval(pg_get_serial_sequence('events', 'position'))"


async def rewrite_as_superuser(store: PostgresEventStore, stream_id: str, rows: list[Row]) -> None:
    """Replace the stream's rows, bypassing the append-only trigger (replica mode).

    A row with a position the stream did not have (an inserted event) gets a fresh one
    from the log's identity, so that later appends do not collide with it.
    """
    async with store.pool.acquire() as connection, connection.transaction():
        await connection.execute("SET LOCAL session_replication_role = replica")
        original = {
            record["position"]
            for record in await connection.fetch(
                "SELECT position FROM events WHERE stream_id = $1", stream_id
            )
        }
        for row in rows:
            if row["position"] not in original:
                row["position"] = await connection.fetchval(_NEXT_POSITION)
        await connection.execute("DELETE FROM events WHERE stream_id = $1", stream_id)
        await connection.executemany(
            _INSERT,
            [
                (
                    row["position"], row["stream_id"], row["version"], row["event_id"],
                    str(row["tx_id"]), row["type"], row["schema_version"],
                    orjson.dumps(row["data"]).decode(), orjson.dumps(row["metadata"]).decode(),
                    datetime.fromisoformat(row["recorded_at"]), row["prev_hash"], row["hash"],
                )
                for row in rows
            ],
        )  # fmt: skip
