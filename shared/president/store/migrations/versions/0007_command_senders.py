"""Command ids are remembered per sender: `commands` and `command_rejections` get a
`sender` column (the attested NATS user; '' for anonymous and for rows written before)
and their keys become (stream_id, sender, command_id).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

TABLES = ("commands", "command_rejections")


def upgrade() -> None:
    # Adding a column with a constant default rewrites no row (no UPDATE trigger fires).
    for table in TABLES:
        op.execute(f"ALTER TABLE {table} ADD COLUMN sender text NOT NULL DEFAULT ''")
        op.execute(f"ALTER TABLE {table} DROP CONSTRAINT {table}_pkey")
        op.execute(f"ALTER TABLE {table} ADD PRIMARY KEY (stream_id, sender, command_id)")


def downgrade() -> None:
    # Two senders' rows of one command id cannot share the old key: refused if any exist.
    for table in TABLES:
        op.execute(f"ALTER TABLE {table} DROP CONSTRAINT {table}_pkey")
        op.execute(f"ALTER TABLE {table} ADD PRIMARY KEY (stream_id, command_id)")
        op.execute(f"ALTER TABLE {table} DROP COLUMN sender")
