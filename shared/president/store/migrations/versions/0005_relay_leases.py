"""Relay leases: the relay lock as a row with a holder, an epoch (the fencing token) and an
expiry, which a frozen holder cannot keep as it kept 0002's session lock
(docs/decisions/2026-12-01-relay-lease.md).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

APP_ROLE = "president_app"


def upgrade() -> None:
    op.execute(
        """
CREATE TABLE relay_leases (
    name       text        PRIMARY KEY,
    holder     text        NOT NULL,
    epoch      bigint      NOT NULL CHECK (epoch > 0),
    expires_at timestamptz NOT NULL,
    taken_at   timestamptz NOT NULL DEFAULT clock_timestamp()
)"""
    )
    op.execute(f"GRANT SELECT, INSERT, UPDATE ON relay_leases TO {APP_ROLE}")


def downgrade() -> None:
    op.execute(f"REVOKE ALL ON relay_leases FROM {APP_ROLE}")
    op.execute("DROP TABLE relay_leases")
