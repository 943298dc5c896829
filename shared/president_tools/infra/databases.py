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
