"""`president serve migrate`: the deployment's schema job, and the services' role password."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import asyncpg

PRESIDENT = Path(sys.executable).parent / "president"


async def _app_role_password(database_url: str) -> str | None:
    connection = await asyncpg.connect(database_url)
    try:
        return await connection.fetchval(
            "SELECT rolpassword FROM pg_authid WHERE rolname = 'president_app'"
        )
    finally:
        await connection.close()


def _serve_migrate(database_url: str, nats_url: str, password: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PRESIDENT_APP_ROLE_PASSWORD"}
    env.update(PRESIDENT_DATABASE_URL=database_url, PRESIDENT_NATS_URL=nats_url)
    if password is not None:
        env["PRESIDENT_APP_ROLE_PASSWORD"] = password
    done = subprocess.run(
        [str(PRESIDENT), "serve", "migrate"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


async def test_migrate_gives_the_services_role_the_configured_password(
    database_url: str, nats_url: str
) -> None:
    output = _serve_migrate(database_url, nats_url, "it's; DROP ROLE x; --")
    assert "president_app password set" in output
    first = await _app_role_password(database_url)
    assert first is not None and first.startswith("SCRAM-SHA-256$")

    _serve_migrate(database_url, nats_url, "another one")
    assert await _app_role_password(database_url) not in (None, first)


async def test_migrate_without_a_password_leaves_the_role_alone(
    database_url: str, nats_url: str
) -> None:
    _serve_migrate(database_url, nats_url, "kept")
    kept = await _app_role_password(database_url)
    assert "password set" not in _serve_migrate(database_url, nats_url, None)
    assert await _app_role_password(database_url) == kept


def _run(env: dict[str, str]) -> str:
    done = subprocess.run(
        [str(PRESIDENT), "serve", "migrate"], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


async def test_migrate_gives_the_auditor_role_its_password(database_url: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_ROLE_PASSWORD")}
    env.update(PRESIDENT_DATABASE_URL=database_url, PRESIDENT_AUDITOR_ROLE_PASSWORD="audit")
    assert "president_auditor password set" in _run(env)
    connection = await asyncpg.connect(database_url)
    try:
        stored = await connection.fetchval(
            "SELECT rolpassword FROM pg_authid WHERE rolname = 'president_auditor'"
        )
    finally:
        await connection.close()
    assert stored is not None and stored.startswith("SCRAM-SHA-256$")
