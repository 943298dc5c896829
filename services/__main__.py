"""``python -m services <role>`` (console script ``president-service``): one production
process of ``table``, ``engine``, ``ai-worker``, ``relay``, ``auditor``, ``web`` or the
one-shot ``migrate``, configured by ``PRESIDENT_*`` variables against the servers they name."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from president.bus.auth import COMMANDS_IDENTITY
from president.runtime import configure_logging, run
from president.settings import (
    MissingSecretError,
    ServiceSettings,
    Settings,
    load_settings,
    require_secrets,
)
from pydantic import Field


@dataclass(frozen=True)
class Role:
    """A process role: where its settings and composition root are, what it needs."""

    settings: str
    app: str | None
    needs_database: bool = True
    needs_nats: bool = True
    needs_token: bool = False
    migrates: bool = True
    """Whether ``--migrate`` applies: not to the auditor, whose role may only read."""

    def settings_class(self) -> type[Settings]:
        cls = _load(self.settings)
        assert isinstance(cls, type) and issubclass(cls, Settings)
        return cls


class MigrateSettings(Settings):
    """``PRESIDENT_APP_ROLE_PASSWORD``: the password the services' role logs in with;
    ``PRESIDENT_AUDITOR_ROLE_PASSWORD``: the auditor's (``president audit``)."""

    app_role_password: str | None = Field(default=None, repr=False)
    auditor_role_password: str | None = Field(default=None, repr=False)


ROLES = {
    "table": Role("services.table.settings:TableSettings", "services.table.main", needs_token=True),
    "engine": Role(
        "services.engine.settings:EngineSettings", "services.engine.main", needs_token=True
    ),
    "ai-worker": Role(
        "services.ai_worker.settings:AIWorkerSettings",
        "services.ai_worker.main",
        needs_database=False,
    ),
    "relay": Role("services.relay.settings:RelaySettings", "services.relay.main"),
    "auditor": Role(
        "services.auditor.settings:AuditorSettings", "services.auditor.main", migrates=False
    ),
    "web": Role(
        "services.web.settings:WebSettings",
        "services.web.main",
        needs_database=False,
        migrates=False,
    ),
    "migrate": Role("services.__main__:MigrateSettings", None, needs_nats=False),
}
"""Every role a process can take (``president serve <role>`` takes the same)."""


def _load(path: str) -> object:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def check_secrets(role: str, settings: Settings) -> None:
    """Refuse to start ``role`` without a secret a deployment must set (MissingSecretError)."""
    spec = ROLES[role]
    require_secrets(
        settings,
        token_secret=getattr(settings, "token_secret", None),
        needs_token=spec.needs_token,
        needs_database=spec.needs_database,
        needs_nats=spec.needs_nats,
        needs_commands_identity=role in COMMANDS_IDENTITY,
    )
    if role == "web":
        from services.web.settings import WebSettings, missing_web_settings

        assert isinstance(settings, WebSettings)
        missing = missing_web_settings(settings)
        if missing:
            raise MissingSecretError(f"{' and '.join(missing)} not set")


def serve(role: str, settings: Settings, *, migrate: bool) -> None:
    """Bring the schema up to date when asked (always for ``migrate``), then run ``role``
    until SIGTERM or SIGINT (``president.runtime.run``)."""
    spec = ROLES[role]
    migrating = (migrate and spec.migrates) or spec.app is None
    if migrating and spec.needs_database and settings.database_url:
        from president.store.migrate import migrate_sync

        migrate_sync(settings.database_url)
    if spec.app is None:
        print("; ".join(["schema up to date", *_set_role_passwords(settings)]))
        return
    assert isinstance(settings, ServiceSettings)
    create_app = importlib.import_module(spec.app).create_app
    run(create_app(settings), settings)


def _set_role_passwords(settings: Settings) -> list[str]:
    from president.store.migrate import APP_ROLE, AUDITOR_ROLE, set_role_password

    done = []
    for role, password in (
        (APP_ROLE, getattr(settings, "app_role_password", None)),
        (AUDITOR_ROLE, getattr(settings, "auditor_role_password", None)),
    ):
        if password and settings.database_url is not None:
            asyncio.run(set_role_password(settings.database_url, role, password))
            done.append(f"{role} password set")
    return done


def parser() -> argparse.ArgumentParser:
    """The command line: a role and ``--migrate/--no-migrate``."""
    parser = argparse.ArgumentParser(
        prog="president-service",
        description="Run one service process (settings from PRESIDENT_* variables).",
    )
    parser.add_argument("role", choices=sorted(ROLES))
    parser.add_argument(
        "--migrate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="bring the database schema up to date before serving (idempotent)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    spec = ROLES[args.role]
    settings = load_settings(cls=spec.settings_class())
    configure_logging(
        settings.log_level, settings.log_format, getattr(settings, "instance_id", "president")
    )
    unset = [
        name
        for needed, value, name in (
            (spec.needs_database, settings.database_url, "PRESIDENT_DATABASE_URL"),
            (spec.needs_nats, settings.nats_url, "PRESIDENT_NATS_URL"),
        )
        if needed and value is None
    ]
    try:
        if unset:
            raise MissingSecretError(f"{' and '.join(unset)} not set")
        check_secrets(args.role, settings)
    except MissingSecretError as error:
        print(f"president-service: {error}", file=sys.stderr)
        return 2
    serve(args.role, settings, migrate=args.migrate)  # a service exits in run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
