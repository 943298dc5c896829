"""`president relay`: one way to start the relay. Without ``--once`` it is `president serve
relay` with its options as settings; it checks the secrets as every configured role does."""

from __future__ import annotations

import os
from typing import Any

import pytest
from president.settings import Settings
from president_tools.cli import app
from president_tools.cli import serve as serve_module
from typer.testing import CliRunner

from services.relay.settings import RelaySettings

pytestmark = pytest.mark.unit

REMOTE_DB = "postgresql://president_app:pw@db.example:5432/president"
NATS = "nats://relay:x@bus.example:4222"
OPTIONS = {
    "--database-url": REMOTE_DB,
    "--nats-url": NATS,
    "--stream": "OPS_EVENTS",
    "--prefix": "ops",
    "--name": "ops-relay",
    "--routing": "services.relay.routing:raw_routing",
    "--poll-interval": "0.5",
    "--batch-size": "7",
    "--lease-ttl": "2",
    "--from-position": "3",
}
"""Every option of `president relay` but --once."""
VARIABLES = {
    "PRESIDENT_DATABASE_URL": REMOTE_DB,
    "PRESIDENT_NATS_URL": NATS,
    "PRESIDENT_RELAY_STREAM": "OPS_EVENTS",
    "PRESIDENT_RELAY_PREFIX": "ops",
    "PRESIDENT_RELAY_NAME": "ops-relay",
    "PRESIDENT_RELAY_ROUTING": "services.relay.routing:raw_routing",
    "PRESIDENT_RELAY_POLL_INTERVAL": "0.5",
    "PRESIDENT_RELAY_BATCH_SIZE": "7",
    "PRESIDENT_RELAY_LEASE_TTL": "2",
    "PRESIDENT_RELAY_FROM_POSITION": "3",
}
"""The same, as the variables `president serve relay` and `president-service relay` read."""


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Settings, bool]]:
    """What would have been served (role, settings, migrate), with no PRESIDENT_* set but
    the relay's second identity."""
    for name in [name for name in os.environ if name.startswith("PRESIDENT_")]:
        monkeypatch.delenv(name)
    # the relay's second identity, which it needs on a configured server (not an option)
    monkeypatch.setenv("PRESIDENT_NATS_COMMANDS_USER", "relay-commands")
    monkeypatch.setenv("PRESIDENT_NATS_COMMANDS_PASSWORD", "y")
    calls: list[tuple[str, Settings, bool]] = []

    def serve(role: str, settings: Settings, *, migrate: bool) -> None:
        calls.append((role, settings, migrate))

    monkeypatch.setattr(serve_module, "serve", serve)
    monkeypatch.setattr(serve_module, "configure_logging", lambda *_args: None)
    return calls


def _invoke(*args: str, env: dict[str, Any] | None = None) -> None:
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exit_code == 0, result.output


def test_president_relay_serves_the_relay_role_with_its_options_as_settings(
    served: list[tuple[str, Settings, bool]],
) -> None:
    _invoke("relay", *[word for pair in OPTIONS.items() for word in pair])

    ((role, settings, migrate),) = served
    assert (role, migrate) == ("relay", False)
    assert isinstance(settings, RelaySettings)
    assert (settings.database_url, settings.nats_url) == (REMOTE_DB, NATS)
    assert (settings.relay_stream, settings.prefix, settings.relay_name) == (
        "OPS_EVENTS",
        "ops",
        "ops-relay",
    )
    assert settings.relay_routing == "services.relay.routing:raw_routing"
    assert (settings.relay_poll_interval, settings.relay_batch_size) == (0.5, 7)
    assert (settings.relay_lease_ttl, settings.relay_from_position) == (2.0, 3)


def test_president_relay_and_serve_relay_start_the_same_relay(
    served: list[tuple[str, Settings, bool]],
) -> None:
    _invoke("relay", *[word for pair in OPTIONS.items() for word in pair])
    _invoke("serve", "relay", "--no-migrate", env=VARIABLES)

    (_, by_options, _), (_, by_variables, _) = served
    assert by_options == by_variables


def test_president_relay_refuses_to_start_on_a_configured_nats_without_credentials(
    served: list[tuple[str, Settings, bool]],
) -> None:
    args = ["relay", "--database-url", REMOTE_DB, "--nats-url", "nats://bus.example:4222"]

    result = CliRunner().invoke(app, args)

    assert result.exit_code == 2
    assert "president relay: refusing to start without PRESIDENT_NATS_USER" in result.output
    assert served == []
