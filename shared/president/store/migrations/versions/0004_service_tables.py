"""The services' own tables: `command_rejections` (the engine's `engine_rejections` rows
move over) and `lobby_tables` (kept if the table service made it). From here on the
services create no tables (docs/decisions/2026-11-29-command-rejections.md).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

APP_ROLE = "president_app"

_UPGRADE = (
    """
CREATE TABLE command_rejections (
    stream_id   text        NOT NULL,
    command_id  text        NOT NULL,
    reply       jsonb       NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (stream_id, command_id)
)""",
    # A rejection is final, like the log: no UPDATE, DELETE or TRUNCATE (function of 0001).
    "CREATE TRIGGER command_rejections_append_only"
    " BEFORE UPDATE OR DELETE OR TRUNCATE ON command_rejections"
    " FOR EACH STATEMENT EXECUTE FUNCTION president_reject_change()",
    """
DO $$
BEGIN
    IF to_regclass('engine_rejections') IS NOT NULL THEN
        INSERT INTO command_rejections (stream_id, command_id, reply, recorded_at)
        SELECT 'game-' || table_id, command_id, reply, recorded_at FROM engine_rejections;
        DROP TABLE engine_rejections;
    END IF;
END $$""",
    """
CREATE TABLE IF NOT EXISTS lobby_tables (
    table_id   text        PRIMARY KEY,
    status     text        NOT NULL,
    summary    jsonb       NOT NULL,
    position   bigint      NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
)""",
    "CREATE INDEX IF NOT EXISTS lobby_tables_by_status ON lobby_tables (status, position)",
    f"GRANT SELECT, INSERT ON command_rejections TO {APP_ROLE}",
    # UPDATE also covers the projector's SELECT ... FOR UPDATE.
    f"GRANT SELECT, INSERT, UPDATE ON lobby_tables TO {APP_ROLE}",
)


def upgrade() -> None:
    for statement in _UPGRADE:
        op.execute(statement)


def downgrade() -> None:
    op.execute(f"REVOKE ALL ON command_rejections, lobby_tables FROM {APP_ROLE}")
    op.execute("DROP TABLE lobby_tables")
    op.execute("DROP TABLE command_rejections")
