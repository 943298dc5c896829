"""The statements of the Postgres event store (asyncpg prepares and caches each one)."""

from __future__ import annotations

APPEND_LOCK = "hashtextextended('president.store.append', 0)"
"""Every append holds this transaction lock from before its positions are drawn to its
commit, so positions follow commit order (docs/decisions/2026-11-29-store-log-order.md)."""

_LOCK = f"lock AS MATERIALIZED (SELECT pg_advisory_xact_lock({APPEND_LOCK}))"

_INSERT = """
INSERT INTO events (stream_id, version, event_id, type, schema_version, data, metadata,
                    prev_hash, hash)
SELECT $1, $2 + u.o::integer, u.e, u.t, u.s, u.d, u.m, u.p, u.h
FROM lock, unnest($3::uuid[], $4::text[], $5::integer[], $6::jsonb[], $7::jsonb[],
                  $8::text[], $9::text[]) WITH ORDINALITY AS u(e, t, s, d, m, p, h, o)
WHERE $2 = 0 OR EXISTS (
    SELECT 1 FROM events WHERE stream_id = $1 AND version = $2 AND hash = $8[1])
RETURNING version, position, tx_id, recorded_at"""

APPEND = f"WITH {_LOCK} {_INSERT}"
"""Append after the head `($2, $8[1])`: no row when that head is not the stream's last
committed event; a unique violation when another append took the versions."""

APPEND_COMMAND = f"""
WITH {_LOCK}, inserted AS ({_INSERT}),
command AS (
    INSERT INTO commands (stream_id, command_id, first_version, last_version)
    SELECT $1, $10, min(version), max(version) FROM inserted HAVING count(*) > 0)
SELECT version, position, tx_id, recorded_at FROM inserted ORDER BY version"""
"""`APPEND` that also records the command id, in the same statement."""

HEAD = "SELECT version, hash FROM events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1"

COMMAND = """
SELECT c.first_version, c.last_version, array_agg(e.position ORDER BY e.version)
FROM commands c JOIN events e
  ON e.stream_id = c.stream_id AND e.version BETWEEN c.first_version AND c.last_version
WHERE c.stream_id = $1 AND c.command_id = $2
GROUP BY c.first_version, c.last_version"""

_COLUMNS = (
    "stream_id, version, event_id, position, tx_id, type, schema_version, data, metadata,"
    " recorded_at, prev_hash, hash"
)

READ_STREAM = (
    f"SELECT {_COLUMNS} FROM events WHERE stream_id = $1 AND version >= $2 ORDER BY version"
)

READ_ALL = f"SELECT {_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2"

SAVE_SNAPSHOT = """
INSERT INTO snapshots (stream_id, version, state)
SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND version = $2)
ON CONFLICT (stream_id, version) DO NOTHING"""

HAS_VERSION = "SELECT EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND version = $2)"

LOAD_SNAPSHOT = """
SELECT version, state FROM snapshots WHERE stream_id = $1 ORDER BY version DESC LIMIT 1"""
