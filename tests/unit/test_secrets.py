"""Outside the embedded stack a missing secret stops a process with a clear error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from president.settings import MissingSecretError, Settings, require_secrets

pytestmark = pytest.mark.unit

REMOTE_DB = "postgresql://president_app:pw@db.example:5432/president"


def test_nats_credentials_are_required_with_a_configured_server() -> None:
    settings = Settings(nats_url="nats://bus.example:4222", database_url=REMOTE_DB)
    with pytest.raises(MissingSecretError, match="PRESIDENT_NATS_USER"):
        require_secrets(settings)
    require_secrets(settings.model_copy(update={"nats_user": "table", "nats_password": "x"}))
    require_secrets(settings.model_copy(update={"nats_url": "nats://table:x@bus.example:4222"}))


def test_the_engine_needs_its_command_account_identity_with_a_configured_server() -> None:
    settings = Settings(
        nats_url="nats://bus.example:4222",
        nats_user="engine",
        nats_password="x",
        database_url=REMOTE_DB,
    )
    require_secrets(settings)
    with pytest.raises(MissingSecretError, match="PRESIDENT_NATS_COMMANDS_USER"):
        require_secrets(settings, needs_commands_identity=True)
    both = {"nats_commands_user": "engine-commands", "nats_commands_password": "y"}
    require_secrets(settings.model_copy(update=both), needs_commands_identity=True)
    assert "hunter2" not in repr(settings.model_copy(update={"nats_commands_password": "hunter2"}))


def test_the_token_secret_is_required_where_tokens_are_derived() -> None:
    settings = Settings(nats_url="nats://t:x@bus.example:4222", database_url=REMOTE_DB)
    with pytest.raises(MissingSecretError, match="PRESIDENT_TOKEN_SECRET"):
        require_secrets(settings, needs_token=True, token_secret=None)
    require_secrets(settings, needs_token=True, token_secret="s" * 64)


def test_a_remote_database_needs_a_password() -> None:
    no_password = "postgresql://president_app@db.example:5432/president?sslmode=verify-full"
    settings = Settings(nats_url="nats://t:x@bus.example:4222", database_url=no_password)
    with pytest.raises(MissingSecretError, match="password in PRESIDENT_DATABASE_URL"):
        require_secrets(settings)
    local = "postgresql://president_app@127.0.0.1:5432/president"
    require_secrets(settings.model_copy(update={"database_url": local}))


def test_passwords_never_show_in_settings_repr() -> None:
    settings = Settings(nats_user="table", nats_password="hunter2")
    assert "hunter2" not in repr(settings)


ENTRY_POINTS = {
    "president serve": ["-m", "president_tools", "serve"],
    "president-service": ["-m", "services"],
}
"""The developer's way to start a role and the image's: the same checks."""


def _serve(
    role: str, env: dict[str, str], entry: str = "president serve"
) -> subprocess.CompletedProcess[str]:
    """``entry ROLE`` in a process of its own (it exits at the settings check)."""
    return subprocess.run(
        [sys.executable, *ENTRY_POINTS[entry], role, "--no-migrate"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_serve_refuses_to_start_without_the_token_secret(entry: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRESIDENT_")}
    env.update(
        PRESIDENT_DATABASE_URL=REMOTE_DB,
        PRESIDENT_NATS_URL="nats://bus.example:4222",
        PRESIDENT_NATS_USER="table",
        PRESIDENT_NATS_PASSWORD="x",
    )
    done = _serve("table", env, entry)
    assert done.returncode == 2
    assert "PRESIDENT_TOKEN_SECRET" in done.stderr
    env.update(PRESIDENT_TOKEN_SECRET="s" * 64, PRESIDENT_NATS_USER="engine")
    done = _serve("engine", env, entry)
    assert done.returncode == 2
    assert "PRESIDENT_NATS_COMMANDS_USER" in done.stderr


def test_the_service_entry_point_never_falls_back_to_embedded_servers() -> None:
    """Production names its servers: without them the process stops, it starts none."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRESIDENT_")}
    done = _serve("relay", env, "president-service")
    assert done.returncode == 2
    assert "PRESIDENT_DATABASE_URL and PRESIDENT_NATS_URL not set" in done.stderr


def test_every_role_of_the_entry_point_is_a_president_serve_command() -> None:
    from president.bus.auth import SERVICE_ROLES
    from president_tools.cli.serve import serve_app

    from services.__main__ import ROLES

    commands = {command.name for command in serve_app.registered_commands}
    assert set(ROLES) == commands == {*SERVICE_ROLES, "web", "migrate"}


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_web_refuses_to_start_without_its_websocket_url_ticket_secret_and_callout(
    entry: str,
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRESIDENT_")}
    env.update(
        PRESIDENT_NATS_URL="nats://bus.example:4222",
        PRESIDENT_NATS_USER="web",
        PRESIDENT_NATS_PASSWORD="x",
    )

    def refusal() -> str:
        done = subprocess.run(
            [sys.executable, *ENTRY_POINTS[entry], "web"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, done.stderr
        return done.stderr

    needed = (
        "PRESIDENT_WEB_NATS_URL",
        "PRESIDENT_WEB_TICKET_SECRET",
        "PRESIDENT_WEB_CALLOUT_SEED",
        "PRESIDENT_WEB_CALLOUT_PASSWORD",
    )
    assert all(name in refusal() for name in needed)
    env.update(
        PRESIDENT_WEB_NATS_URL="wss://nats.example",
        PRESIDENT_WEB_TICKET_SECRET="t" * 64,
        PRESIDENT_WEB_CALLOUT="false",  # the responder runs apart: no seed, no password
        PRESIDENT_NATS_PASSWORD="",
    )
    assert "PRESIDENT_NATS_USER and PRESIDENT_NATS_PASSWORD" in refusal()
