"""Settings of a launcher (``president demo``, ``play``, ``bench e2e``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from president.bus.auth import COMMANDS_IDENTITY
from president.bus.connect import NatsCredentials
from president.settings import Settings

if TYPE_CHECKING:
    from president_tools.infra.nats import WebSide


class StackSettings(Settings):
    """``token_secret`` (PRESIDENT_TOKEN_SECRET) is handed to every service process; unset,
    the stack draws one per run. ``subject_prefix`` is what a client connects to when the
    services already run (``president play --external``). ``nats_users_file`` (a JSON
    ``{user: password}``) gives each role its NATS identity on a configured server; the
    embedded server's own passwords are used otherwise."""

    token_secret: str | None = None
    subject_prefix: str = "president"
    nats_users_file: Path | None = None


S = TypeVar("S", bound=Settings)


def identity_settings(role: str, users: Mapping[str, str]) -> dict[str, str]:
    """The settings fields giving ``role`` its NATS identities from ``users`` (``{user:
    password}``): its own and, for the engine, its command-account one."""
    fields: dict[str, str] = {}
    if role in users:
        fields.update(nats_user=role, nats_password=users[role])
    commands = COMMANDS_IDENTITY.get(role)
    if commands is not None and commands in users:
        fields.update(nats_commands_user=commands, nats_commands_password=users[commands])
    return fields


def web_settings(side: WebSide, users: Mapping[str, str], ticket_secret: str) -> dict[str, Any]:
    """The settings fields of ``president web`` on an embedded NATS's browser side
    ``side``: where it serves (the one origin the server accepts WebSocket upgrades
    from), the WebSocket URL the page connects to, the callout's seed and identity, and
    the lobby's ticket secret."""
    fields: dict[str, Any] = {
        "web_host": "127.0.0.1",
        "web_port": side.web_port,
        "web_origin": side.web_origin,
        "web_nats_url": side.door_url,
        "web_door_port": side.door_port,
        "web_door_upstream": side.websocket_url,
        "web_callout_seed": side.callout_seed,
        "web_ticket_secret": ticket_secret,
    }
    if "callout" in users:
        fields.update(web_callout_user="callout", web_callout_password=users["callout"])
    return fields


def identity_environment(role: str, users: Mapping[str, str]) -> dict[str, str]:
    """:func:`identity_settings` as the environment of a process (PRESIDENT_NATS_USER...)."""
    return {f"PRESIDENT_{name.upper()}": v for name, v in identity_settings(role, users).items()}


def identity_from_file(settings: S, users_file: Path | None, user: str) -> S:
    """``settings`` with ``user``'s NATS identities from ``users_file`` (the ``{user:
    password}`` file of ``president infra up``), unless an identity is set already."""
    if settings.nats_user is not None or users_file is None:
        return settings
    from president_tools.infra.nats import read_users

    return settings.model_copy(update=identity_settings(user, read_users(users_file)))


def client_credentials(settings: StackSettings) -> NatsCredentials:
    """A client's identity: PRESIDENT_NATS_USER, else the integrator of the users file."""
    return NatsCredentials.from_settings(
        identity_from_file(settings, settings.nats_users_file, "integrator")
    )
