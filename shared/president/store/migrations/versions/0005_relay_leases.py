"""Relay leases: the relay lock as a row with a holder, an epoch and an expiry.

The advisory lock of 0002's relays lasted as long as the holder's session, so a frozen
holder (SIGSTOP, a stalled VM) kept it forever. A lease lasts until ``expires_at``: the
holder renews it by heartbeat, anyone takes it once it has expired, and each taking
bumps ``epoch`` (the fencing token): a checkpoint is saved only by the current epoch.

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
