"""The auditor's role: `president_auditor` reads every table of the log and writes nothing;
created without a password, which `president serve migrate` sets
(PRESIDENT_AUDITOR_ROLE_PASSWORD), by the migration's owner `president_owner`.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

AUDITOR_ROLE = "president_auditor"
TABLES = (
    "events, commands, snapshots, tracking, relay_checkpoints, command_rejections, lobby_tables,"
    " relay_leases"
)

_UPGRADE = (
    f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{AUDITOR_ROLE}') THEN
        CREATE ROLE {AUDITOR_ROLE} LOGIN;
    END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL;  -- another database of the cluster created it at the same moment
END $$""",
    f"""
DO $$
BEGIN
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO {AUDITOR_ROLE}', current_database());
END $$""",
    f"GRANT USAGE ON SCHEMA public TO {AUDITOR_ROLE}",
    f"GRANT SELECT ON {TABLES} TO {AUDITOR_ROLE}",
)


def upgrade() -> None:
    for statement in _UPGRADE:
        op.execute(statement)


def downgrade() -> None:
    op.execute(f"REVOKE ALL ON {TABLES} FROM {AUDITOR_ROLE}")
    op.execute(f"REVOKE ALL ON SCHEMA public FROM {AUDITOR_ROLE}")
