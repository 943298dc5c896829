"""Appends NOTIFY from their own statement (pg_notify in the append): the per-statement
notify trigger, a plpgsql call per append for the same effect, is dropped.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DROP TRIGGER events_notify ON events")
    op.execute("DROP FUNCTION president_notify_events()")


def downgrade() -> None:
    op.execute(
        """
CREATE FUNCTION president_notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('president_events', '');
    RETURN NULL;
END $$"""
    )
    op.execute(
        "CREATE TRIGGER events_notify AFTER INSERT ON events"
        " FOR EACH STATEMENT EXECUTE FUNCTION president_notify_events()"
    )
