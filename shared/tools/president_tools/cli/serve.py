"""`president serve table|engine|ai-worker|relay|migrate`: the developer's way to run one
service process: ``president-service <role>`` (``services/__main__.py``), but on the
embedded servers of the data directory where no server is configured."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from president.runtime import configure_logging
from president.settings import MissingSecretError, Settings, env_value, load_settings

from president_tools.cli.app import app
from services.__main__ import ROLES, check_secrets, serve

serve_app = typer.Typer(
    help="Run one service process (settings from PRESIDENT_* variables) until SIGTERM.",
    no_args_is_help=True,
)
app.add_typer(serve_app, name="serve")

Migrate = Annotated[
    bool,
    typer.Option(
        "--migrate/--no-migrate",
        help="Bring the database schema up to date before serving (idempotent).",
    ),
]


def _serve(role: str, *, migrate: bool) -> None:
    """Run ``role`` as ``president-service`` does, with the embedded servers of the data
    directory where no server is configured (started when not running)."""
    spec = ROLES[role]
    settings: Settings = load_settings(cls=spec.settings_class())
    configure_logging(
        settings.log_level, settings.log_format, getattr(settings, "instance_id", "president")
    )
    identity = None if spec.app is None else role
    if identity is not None and settings.nats_url is not None:
        from president_tools.stack.settings import identity_from_file

        users_file = env_value("NATS_USERS_FILE")
        settings = identity_from_file(settings, Path(users_file) if users_file else None, role)
    embedded = (spec.needs_nats and settings.nats_url is None) or (
        spec.needs_database and settings.database_url is None
    )
    if embedded:
        settings = _with_embedded_servers(settings, identity, needs_database=spec.needs_database)
    else:
        try:
            check_secrets(role, settings)
        except MissingSecretError as error:
            typer.echo(f"president serve: {error}", err=True)
            raise typer.Exit(code=2) from error
    serve(role, settings, migrate=migrate)


def _with_embedded_servers(settings: Settings, role: str | None, *, needs_database: bool) -> Any:
    from president_tools.infra import ensure_servers
    from president_tools.stack.settings import identity_settings

    prefix = str(getattr(settings, "subject_prefix", "president"))
    servers = ensure_servers(settings, nats_prefix=prefix)
    updates: dict[str, Any] = {"nats_url": settings.nats_url or servers.nats_url}
    if needs_database:
        updates["database_url"] = settings.database_url or servers.database_url
    if settings.nats_url is None and role is not None:
        updates.update(identity_settings(role, servers.nats_users))
    return settings.model_copy(update=updates)


@serve_app.command("table")
def serve_table(migrate: Migrate = True) -> None:
    """The table service: tables, seats, game start, the lobby."""
    _serve("table", migrate=migrate)


@serve_app.command("engine")
def serve_engine(migrate: Migrate = True) -> None:
    """The engine: the only writer of game streams; turn prompts and AI decision requests."""
    _serve("engine", migrate=migrate)


@serve_app.command("ai-worker")
def serve_ai_worker() -> None:
    """An AI worker: decisions from the shared work queue (never touches the database)."""
    _serve("ai-worker", migrate=False)


@serve_app.command("relay")
def serve_relay(migrate: Migrate = True) -> None:
    """The relay with the contract's route: public, per-seat and lobby subjects."""
    _serve("relay", migrate=migrate)


@serve_app.command("migrate")
def serve_migrate() -> None:
    """Bring the database schema up to date, then exit (a deployment's one-shot job).

    Run it as the owner role `president_owner` (owns the database, CREATEROLE, not a
    superuser). With PRESIDENT_APP_ROLE_PASSWORD set it also gives the role
    `president_app` (SELECT/INSERT on the log, no UPDATE/DELETE) that password, so the
    services can connect as that role; PRESIDENT_AUDITOR_ROLE_PASSWORD does the same for
    `president_auditor` (SELECT only: `president audit`).
    """
    _serve("migrate", migrate=True)
