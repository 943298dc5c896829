"""Create and drop whole databases on a server (fresh databases for tests and benches)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from president_tools.infra.postgres import psql

_SAFE_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def with_database(url: str, database: str) -> str:
    """The same libpq URL pointing at another database."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + database))


def create_database(admin_url: str, name: str) -> str:
    """CREATE DATABASE ``name`` on the server of ``admin_url``; return the new database's URL."""
    psql(admin_url, f'CREATE DATABASE "{_checked(name)}"')
    return with_database(admin_url, name)


def drop_database(admin_url: str, name: str) -> None:
    """End the database's sessions and drop it (no error when it is already gone)."""
    name = _checked(name)
    psql(
        admin_url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        f"WHERE datname = '{name}' AND pid <> pg_backend_pid()",
    )
    psql(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _checked(name: str) -> str:
    if not _SAFE_NAME.match(name):
        raise ValueError(f"not a plain lower-case database name: {name!r}")
    return name


def create_owned_database(admin_url: str, name: str, owner_password: str) -> str:
    """A database owned by ``president_owner`` (LOGIN, CREATEROLE, not a superuser), the
    role the migration runs as; return the owner's URL. What a DBA does once per
    deployment (compose: deploy/postgres-init.sh). Where the services' roles exist
    already (another database of the cluster), the owner gets the right to administer
    them (set their passwords), not their privileges."""
    from president.store.migrate import APP_ROLE, AUDITOR_ROLE, OWNER_ROLE, role_url

    literal = "'" + owner_password.replace("'", "''") + "'"
    psql(
        admin_url,
        f"""DO $$ BEGIN
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{OWNER_ROLE}') THEN
                CREATE ROLE {OWNER_ROLE} LOGIN CREATEROLE NOSUPERUSER PASSWORD {literal};
            ELSE
                ALTER ROLE {OWNER_ROLE} LOGIN CREATEROLE NOSUPERUSER PASSWORD {literal};
            END IF;
        END $$""",
    )
    for role in (APP_ROLE, AUDITOR_ROLE):
        psql(
            admin_url,
            f"""DO $$ BEGIN
                IF EXISTS (SELECT FROM pg_roles WHERE rolname = '{role}') THEN
                    GRANT {role} TO {OWNER_ROLE} WITH ADMIN TRUE, INHERIT FALSE, SET FALSE;
                END IF;
            END $$""",
        )
    psql(admin_url, f'CREATE DATABASE "{_checked(name)}" OWNER {OWNER_ROLE}')
    return role_url(with_database(admin_url, name), OWNER_ROLE, owner_password)
