"""Relay checkpoints: the last log position each relay published and had acked.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

APP_ROLE = "president_app"


def upgrade() -> None:
    op.execute(
        """
CREATE TABLE relay_checkpoints (
    name       text        PRIMARY KEY,
    position   bigint      NOT NULL DEFAULT 0 CHECK (position >= 0),
    updated_at timestamptz NOT NULL DEFAULT now()
)"""
    )
    op.execute(f"GRANT SELECT, INSERT, UPDATE ON relay_checkpoints TO {APP_ROLE}")


def downgrade() -> None:
    op.execute(f"REVOKE ALL ON relay_checkpoints FROM {APP_ROLE}")
    op.execute("DROP TABLE relay_checkpoints")
