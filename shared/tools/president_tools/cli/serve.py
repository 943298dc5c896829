"""`president serve table|engine|ai-worker|relay|auditor|web|migrate`: the developer's way to
run one service process: ``president-service <role>`` (``services/__main__.py``), but on
the embedded servers of the data directory where no server is configured."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from president.runtime import configure_logging
from president.settings import MissingSecretError, Settings, env_value, load_settings

from president_tools.cli.app import app
from services.__main__ import ROLES, check_secrets, serve
from services.relay.settings import RelaySettings

if TYPE_CHECKING:
    from president_tools.infra import Servers

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


def serve_role(
    role: str,
    *,
    migrate: bool,
    options: Mapping[str, Any] | None = None,
    command: str = "president serve",
) -> None:
    """Run ``role`` as ``president-service`` does, with ``options`` (settings fields, None
    for not given) over the PRESIDENT_* variables and the embedded servers of the data
    directory where no server is configured (started when not running)."""
    serve(role, role_settings(role, options, command=command), migrate=migrate)


def role_settings(
    role: str, options: Mapping[str, Any] | None = None, *, command: str = "president serve"
) -> Settings:
    """The settings ``role`` runs with under ``command`` (logging configured from them):
    PRESIDENT_* with ``options`` over them; on a configured NATS, the role's identity from
    PRESIDENT_NATS_USERS_FILE unless one is set or the URL is an option; the embedded
    servers for what is not configured; else the secrets checked (exit 2 without one)."""
    spec = ROLES[role]
    cls = spec.settings_class()
    settings: Settings = load_settings(cls=cls)
    given = {name: value for name, value in (options or {}).items() if value is not None}
    if given:
        settings = cls.model_validate(settings.model_dump() | given)
    configure_logging(
        settings.log_level, settings.log_format, getattr(settings, "instance_id", "president")
    )
    identity = None if spec.app is None else role
    # a NATS URL given as an option is used as written (`president relay --nats-url`)
    if identity is not None and settings.nats_url is not None and "nats_url" not in given:
        from president_tools.stack.settings import identity_from_file

        users_file = env_value("NATS_USERS_FILE")
        settings = identity_from_file(settings, Path(users_file) if users_file else None, role)
    embedded = (spec.needs_nats and settings.nats_url is None) or (
        spec.needs_database and settings.database_url is None
    )
    if embedded:
        return _with_embedded_servers(settings, identity, needs_database=spec.needs_database)
    try:
        check_secrets(role, settings)
    except MissingSecretError as error:
        typer.echo(f"{command}: {error}", err=True)
        raise typer.Exit(code=2) from error
    return settings


def _with_embedded_servers(
    settings: Settings, role: str | None, *, needs_database: bool
) -> Settings:
    from president_tools.infra import ensure_servers
    from president_tools.stack.settings import identity_settings

    # the prefix the role's identity may use on the embedded NATS (a relay's own --prefix)
    prefix = (
        settings.prefix
        if isinstance(settings, RelaySettings)
        else str(getattr(settings, "subject_prefix", "president"))
    )
    servers = ensure_servers(settings, nats_prefix=prefix)
    updates: dict[str, Any] = {"nats_url": settings.nats_url or servers.nats_url}
    if needs_database:
        updates["database_url"] = settings.database_url or servers.database_url
    if settings.nats_url is None and role is not None:
        updates.update(identity_settings(role, servers.nats_users))
    if role == "web" and settings.nats_url is None:
        updates.update(_embedded_web(settings, servers))
    return settings.model_copy(update=updates)


def _embedded_web(settings: Settings, servers: Servers) -> dict[str, Any]:
    """``president web``'s settings on the embedded NATS's browser side: the port and
    origin it accepts, its WebSocket URL and callout seed; a ticket secret drawn per run
    unless one is set."""
    import secrets

    from president_tools.stack.settings import web_settings

    if servers.nats_web is None:
        typer.echo("the embedded NATS has no WebSocket listener", err=True)
        raise typer.Exit(code=2)
    secret = getattr(settings, "web_ticket_secret", None) or secrets.token_hex(32)
    return web_settings(servers.nats_web, servers.nats_users, secret)


@serve_app.command("table")
def serve_table(migrate: Migrate = True) -> None:
    """The table service: tables, seats, game start, the lobby."""
    serve_role("table", migrate=migrate)


@serve_app.command("engine")
def serve_engine(migrate: Migrate = True) -> None:
    """The engine: the only writer of game streams; turn prompts and AI decision requests."""
    serve_role("engine", migrate=migrate)


@serve_app.command("ai-worker")
def serve_ai_worker() -> None:
    """An AI worker: decisions from the shared work queue (never touches the database)."""
    serve_role("ai-worker", migrate=False)


@serve_app.command("relay")
def serve_relay(migrate: Migrate = True) -> None:
    """The relay with the contract's route: public, per-seat and lobby subjects."""
    serve_role("relay", migrate=migrate)


@serve_app.command("auditor")
def serve_auditor() -> None:
    """The auditor: a verdict on every finished game (reads the log, never migrates it)."""
    serve_role("auditor", migrate=False)


@serve_app.command("web")
def serve_web() -> None:
    """The browser table: the page, the lobby API and the auth callout responder."""
    serve_role("web", migrate=False)


@serve_app.command("migrate")
def serve_migrate() -> None:
    """Bring the database schema up to date, then exit (a deployment's one-shot job).

    Run it as the owner role `president_owner` (owns the database, CREATEROLE, not a
    superuser). With PRESIDENT_APP_ROLE_PASSWORD set it also gives the role
    `president_app` (SELECT/INSERT on the log, no UPDATE/DELETE) that password, so the
    services can connect as that role; PRESIDENT_AUDITOR_ROLE_PASSWORD does the same for
    `president_auditor` (SELECT only: `president audit`).
    """
    serve_role("migrate", migrate=True)
