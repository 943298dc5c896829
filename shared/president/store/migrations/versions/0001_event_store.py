"""Event store: events, commands, snapshots, tracking; append-only triggers; app role.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

APP_ROLE = "president_app"

_TABLES = (
    """
CREATE TABLE events (
    position       bigint GENERATED ALWAYS AS IDENTITY (CACHE 1),
    stream_id      text        NOT NULL,
    version        integer     NOT NULL CHECK (version >= 1),
    event_id       uuid        NOT NULL,
    tx_id          xid8        NOT NULL DEFAULT pg_current_xact_id(),
    type           text        NOT NULL,
    schema_version integer     NOT NULL DEFAULT 1,
    data           jsonb       NOT NULL,
    metadata       jsonb       NOT NULL DEFAULT '{}',
    recorded_at    timestamptz NOT NULL DEFAULT now(),
    prev_hash      text        NOT NULL,
    hash           text        NOT NULL,
    PRIMARY KEY (stream_id, version),
    CONSTRAINT events_position_key UNIQUE (position),
    CONSTRAINT events_event_id_key UNIQUE (event_id)
)""",
    """
CREATE TABLE commands (
    stream_id     text        NOT NULL,
    command_id    text        NOT NULL,
    first_version integer     NOT NULL,
    last_version  integer     NOT NULL,
    recorded_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (stream_id, command_id)
)""",
    """
CREATE TABLE snapshots (
    stream_id   text        NOT NULL,
    version     integer     NOT NULL,
    state       jsonb       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (stream_id, version)
)""",
    """
CREATE TABLE tracking (
    consumer   text        PRIMARY KEY,
    position   bigint      NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
)""",
)

_TRIGGERS = (
    """
CREATE FUNCTION president_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'table % is append-only: % rejected', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
END $$""",
    *(
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON {table}"
        " FOR EACH STATEMENT EXECUTE FUNCTION president_reject_change()"
        for table in ("events", "commands")
    ),
    """
CREATE FUNCTION president_notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('president_events', '');
    RETURN NULL;
END $$""",
    "CREATE TRIGGER events_notify AFTER INSERT ON events"
    " FOR EACH STATEMENT EXECUTE FUNCTION president_notify_events()",
)

_ROLE = (
    f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{APP_ROLE}') THEN
        CREATE ROLE {APP_ROLE} LOGIN;
    END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL;  -- another database of the cluster created it at the same moment
END $$""",
    f"""
DO $$
BEGIN
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO {APP_ROLE}', current_database());
END $$""",
    f"GRANT USAGE ON SCHEMA public TO {APP_ROLE}",
    f"GRANT SELECT, INSERT ON events, commands, snapshots TO {APP_ROLE}",
    f"GRANT SELECT, INSERT, UPDATE ON tracking TO {APP_ROLE}",
)


def upgrade() -> None:
    for statement in (*_TABLES, *_TRIGGERS, *_ROLE):
        op.execute(statement)


def downgrade() -> None:
    op.execute(f"REVOKE ALL ON events, commands, snapshots, tracking FROM {APP_ROLE}")
    op.execute(f"REVOKE ALL ON SCHEMA public FROM {APP_ROLE}")
    op.execute("DROP TABLE tracking, snapshots, commands, events")
    op.execute("DROP FUNCTION president_notify_events(), president_reject_change()")
