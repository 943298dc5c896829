"""The statements of the Postgres event store (asyncpg prepares and caches each one)."""

from __future__ import annotations

from president.store.ports import NOTIFY_CHANNEL

APPEND_LOCK = "hashtextextended('president.store.append', 0)"
"""Every append holds this transaction lock from before its positions are drawn to its
commit, so positions follow commit order (docs/decisions/2026-11-29-store-log-order.md)."""

_LOCK = f"(SELECT pg_advisory_xact_lock({APPEND_LOCK}), pg_notify('{NOTIFY_CHANNEL}', '')) AS lock"
_COLUMNS_IN = "stream_id, version, event_id, type, schema_version, data, metadata, prev_hash, hash"
_AFTER_HEAD = (
    "$2 = 0 OR EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND version = $2 AND hash = {})"
)

_INSERT_ONE = f"""
INSERT INTO events ({_COLUMNS_IN})
SELECT $1, $2 + 1, $3::uuid, $4::text, $5::integer, $6::jsonb, $7::jsonb, $8::text, $9::text
FROM {_LOCK}
WHERE {_AFTER_HEAD.format("$8")}
RETURNING version, position"""

_INSERT_MANY = f"""
INSERT INTO events ({_COLUMNS_IN})
SELECT $1, $2 + u.o::integer, u.e, u.t, u.s, u.d, u.m, u.p, u.h
FROM {_LOCK}, unnest($3::uuid[], $4::text[], $5::integer[], $6::jsonb[], $7::jsonb[],
                     $8::text[], $9::text[]) WITH ORDINALITY AS u(e, t, s, d, m, p, h, o)
WHERE {_AFTER_HEAD.format("$8[1]")}
RETURNING version, position"""


def _with_command(insert: str, recorded: str = "count(*) > 0", returned: str = "") -> str:
    return f"""
WITH inserted AS ({insert}),
command AS (
    INSERT INTO commands (stream_id, sender, command_id, first_version, last_version)
    SELECT $1, $11, $10, min(version), max(version) FROM inserted HAVING {recorded})
SELECT {returned}version, position FROM inserted ORDER BY version"""


APPEND_ONE = _INSERT_ONE
"""Append one event after the head `($2, $8)`: no row when that head is not the stream's
last committed event; a unique violation when another append took the version. The lock
is taken before the identity is drawn, so positions follow commit order; the NOTIFY is
delivered when the transaction commits."""

APPEND_MANY = _INSERT_MANY
"""`APPEND_ONE` for a batch given as arrays (the head hash is `$8[1]`)."""

APPEND_ONE_COMMAND = _with_command(_INSERT_ONE)
APPEND_MANY_COMMAND = _with_command(_INSERT_MANY)
"""The same, also recording the command id `$10` of the sender `$11` (its attested user,
'' when anonymous), in the same statement."""

APPEND_BATCHED = _with_command(_INSERT_MANY, "count(*) > 0 AND $10::text IS NOT NULL", "$1, ")
"""`APPEND_MANY_COMMAND` with the command id `$10` null when there is none, each row led by
its stream id: one statement for every append of a group commit (`fetchmany`)."""

HEAD = "SELECT version, hash FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1"

COMMAND = """
SELECT c.first_version, c.last_version, array_agg(e.position ORDER BY e.version)
FROM commands c JOIN events e
  ON e.stream_id = c.stream_id AND e.version BETWEEN c.first_version AND c.last_version
WHERE c.stream_id = $1 AND c.sender = $3 AND c.command_id = $2
GROUP BY c.first_version, c.last_version"""

COLUMN_NAMES = (
    "stream_id",
    "version",
    "event_id",
    "position",
    "tx_id",
    "type",
    "schema_version",
    "data",
    "metadata",
    "recorded_at",
    "prev_hash",
    "hash",
)
"""What reads select: the fields of RecordedEvent, in their order."""
_COLUMNS = ", ".join(COLUMN_NAMES).replace("recorded_at", "date_part('epoch', recorded_at)")
"""The time as float seconds since 1970 (`datetime.fromtimestamp` gives every microsecond
back until the 2240s; tested), whatever the session's zone and DateStyle: asyncpg's binary
timestamptz decoding was a third of the client's time per row."""

READ_STREAM = (
    f"SELECT {_COLUMNS} FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version"
)

READ_ALL = f"SELECT {_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2"
READ_ALL_OF = (
    f"SELECT {_COLUMNS} FROM events WHERE position > $1 AND type = ANY($3::text[])"
    " ORDER BY position LIMIT $2"
)
READ_STAMPS = (
    "SELECT position, stream_id, version, event_id, type, date_part('epoch', recorded_at)"
    " FROM events"
    " WHERE position > $1 ORDER BY position LIMIT $2"
)


HAS_VERSION = "SELECT EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND version = $2)"
