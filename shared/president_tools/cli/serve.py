"""`president serve table|engine|ai-worker|relay|migrate`: one process, configured by environment.

Each service reads its settings from ``PRESIDENT_*`` variables (DATABASE_URL, NATS_URL,
SUBJECT_PREFIX, INSTANCE_ID, TOKEN_SECRET, READY_FILE, LOG_LEVEL, LOG_FORMAT,
HEALTH_PORT, ...). Without a database or NATS URL the embedded servers of the data
directory are used (and started when not running). Each service runs through
``president.runtime.run``: it serves until SIGTERM or SIGINT, then stops gracefully
(exit 0), or exits 1 when it cannot recover in place.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from president.bus.auth import COMMANDS_IDENTITY
from president.runtime import configure_logging, run
from president.settings import (
    MissingSecretError,
    Settings,
    env_value,
    load_settings,
    require_secrets,
)
from pydantic import Field

from president_tools.cli.app import app

serve_app = typer.Typer(
    help="Run one service process (settings from PRESIDENT_* variables) until SIGTERM.",
    no_args_is_help=True,
)
app.add_typer(serve_app, name="serve")

S = TypeVar("S", bound=Settings)

Migrate = Annotated[
    bool,
    typer.Option(
        "--migrate/--no-migrate",
        help="Bring the database schema up to date before serving (idempotent).",
    ),
]


def _prepared(
    cls: type[S],
    *,
    migrate: bool,
    needs_database: bool = True,
    role: str | None = None,
    needs_token: bool = False,
    needs_nats: bool = True,
) -> S:
    """Settings of ``cls`` with both server URLs filled in; logging configured.

    With configured servers a missing secret stops the process (``require_secrets``);
    with the embedded ones the process takes ``role``'s identity of the embedded NATS."""
    settings = load_settings(cls=cls)
    configure_logging(
        settings.log_level, settings.log_format, getattr(settings, "instance_id", "president")
    )
    embedded = (needs_nats and settings.nats_url is None) or (
        needs_database and settings.database_url is None
    )
    if role is not None and settings.nats_url is not None:
        from president_tools.stack.settings import identity_from_file

        users_file = env_value("NATS_USERS_FILE")
        settings = identity_from_file(settings, Path(users_file) if users_file else None, role)
    if not embedded:
        try:
            require_secrets(
                settings,
                token_secret=getattr(settings, "token_secret", None),
                needs_token=needs_token,
                needs_database=needs_database,
                needs_nats=needs_nats,
                needs_commands_identity=role in COMMANDS_IDENTITY,
            )
        except MissingSecretError as error:
            typer.echo(f"president serve: {error}", err=True)
            raise typer.Exit(code=2) from error
    else:
        from president_tools.infra import ensure_servers

        servers = ensure_servers(settings, nats_prefix=_prefix(settings))
        updates: dict[str, Any] = {"nats_url": settings.nats_url or servers.nats_url}
        if needs_database:
            updates["database_url"] = settings.database_url or servers.database_url
        if settings.nats_url is None and role is not None:
            from president_tools.stack.settings import identity_settings

            updates.update(identity_settings(role, servers.nats_users))
        settings = settings.model_copy(update=updates)
    if migrate and needs_database and settings.database_url is not None:
        from president.store.migrate import migrate_sync

        migrate_sync(settings.database_url)
    return settings


def _prefix(settings: Settings) -> str:
    return str(getattr(settings, "subject_prefix", "president"))


@serve_app.command("table")
def serve_table(migrate: Migrate = True) -> None:
    """The table service: tables, seats, game start, the lobby."""
    from services.table.main import create_app
    from services.table.settings import TableSettings

    settings = _prepared(TableSettings, migrate=migrate, role="table", needs_token=True)
    run(create_app(settings), settings)


@serve_app.command("engine")
def serve_engine(migrate: Migrate = True) -> None:
    """The engine: the only writer of game streams; turn prompts and AI decision requests."""
    from services.engine.main import create_app
    from services.engine.settings import EngineSettings

    settings = _prepared(EngineSettings, migrate=migrate, role="engine", needs_token=True)
    run(create_app(settings), settings)


@serve_app.command("ai-worker")
def serve_ai_worker() -> None:
    """An AI worker: decisions from the shared work queue (never touches the database)."""
    from services.ai_worker.main import create_app
    from services.ai_worker.settings import AIWorkerSettings

    settings = _prepared(AIWorkerSettings, migrate=False, needs_database=False, role="ai-worker")
    run(create_app(settings), settings)


@serve_app.command("relay")
def serve_relay(migrate: Migrate = True) -> None:
    """The relay with the contract's route: public, per-seat and lobby subjects."""
    from services.relay.main import create_app
    from services.relay.settings import RelaySettings

    settings = _prepared(RelaySettings, migrate=migrate, role="relay")
    run(create_app(settings), settings)


class MigrateSettings(Settings):
    """``PRESIDENT_APP_ROLE_PASSWORD``: the password the services' role logs in with;
    ``PRESIDENT_AUDITOR_ROLE_PASSWORD``: the auditor's (``president audit``)."""

    app_role_password: str | None = Field(default=None, repr=False)
    auditor_role_password: str | None = Field(default=None, repr=False)


@serve_app.command("migrate")
def serve_migrate() -> None:
    """Bring the database schema up to date, then exit (a deployment's one-shot job).

    Run it as the owner role `president_owner` (owns the database, CREATEROLE, not a
    superuser). With PRESIDENT_APP_ROLE_PASSWORD set it also gives the role
    `president_app` (SELECT/INSERT on the log, no UPDATE/DELETE) that password, so the
    services can connect as that role; PRESIDENT_AUDITOR_ROLE_PASSWORD does the same for
    `president_auditor` (SELECT only: `president audit`).
    """
    settings = _prepared(MigrateSettings, migrate=True, needs_nats=False)
    done = ["schema up to date"]
    if settings.database_url is not None:
        from president.store.migrate import APP_ROLE, AUDITOR_ROLE, set_role_password

        for role, password in (
            (APP_ROLE, settings.app_role_password),
            (AUDITOR_ROLE, settings.auditor_role_password),
        ):
            if password:
                asyncio.run(set_role_password(settings.database_url, role, password))
                done.append(f"{role} password set")
    typer.echo("; ".join(done))
