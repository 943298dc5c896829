"""The URL forms the store is given and derives."""

from __future__ import annotations

import pytest
from president.store.migrate import app_role_url, sqlalchemy_url


def test_a_libpq_url_becomes_sqlalchemys_asyncpg_form() -> None:
    assert sqlalchemy_url("postgresql://u@h:5/db") == "postgresql+asyncpg://u@h:5/db"
    assert sqlalchemy_url("postgres://u@h/db") == "postgresql+asyncpg://u@h/db"
    with pytest.raises(ValueError):
        sqlalchemy_url("mysql://u@h/db")


def test_the_app_role_url_keeps_the_server_and_database() -> None:
    url = "postgresql://postgres:secret@db.local:5433/president?sslmode=disable"
    assert app_role_url(url) == "postgresql://president_app@db.local:5433/president?sslmode=disable"
    assert app_role_url(url, "p@ss") == (
        "postgresql://president_app:p%40ss@db.local:5433/president?sslmode=disable"
    )
