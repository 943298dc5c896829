"""The auditor's process shape: its role, its consumer's name and its connection."""

from __future__ import annotations

from faststream.nats.security import NatsUserPassword
from president.settings import load_settings

from services.__main__ import ROLES
from services.auditor.main import broker_options, consumer_of, create_app
from services.auditor.settings import AuditorSettings

ENV = {
    "PRESIDENT_NATS_URL": "nats://127.0.0.1:4222",
    "PRESIDENT_DATABASE_URL": "postgresql://president_auditor@127.0.0.1/president",
}


def _settings(**env: str) -> AuditorSettings:
    return load_settings({**ENV, **env}, cls=AuditorSettings)


def test_the_auditor_is_a_role_that_never_migrates() -> None:
    role = ROLES["auditor"]
    assert role.settings_class() is AuditorSettings
    assert not role.migrates and role.needs_database and role.needs_nats


def test_every_instance_shares_the_consumer_named_after_its_nats_identity() -> None:
    consumer = consumer_of(_settings(), "acme-auditor")
    assert (consumer.durable, consumer.inbox_prefix) == ("acme-auditor", "_INBOX.acme-auditor")
    assert consumer_of(_settings()).durable == "auditor"
    assert consumer_of(_settings(PRESIDENT_DURABLE="audit-2"), "auditor").durable == "audit-2"


def test_its_identity_reaches_faststream_as_security_with_its_own_inbox() -> None:
    options = broker_options(_settings(PRESIDENT_NATS_USER="auditor", PRESIDENT_NATS_PASSWORD="pw"))
    security = options["security"]
    assert isinstance(security, NatsUserPassword)
    assert (security.username, security.password) == ("auditor", "pw")
    assert options["inbox_prefix"] == "_INBOX.auditor"
    assert options["servers"] == ["nats://127.0.0.1:4222"]
    assert "user" not in options and "password" not in options


def test_nothing_connects_when_the_app_is_made() -> None:
    app = create_app(_settings())
    assert app.broker is None


def test_verdicts_on_every_rounds_end_are_a_setting_off_by_default() -> None:
    assert not consumer_of(_settings()).every_round
    assert consumer_of(_settings(PRESIDENT_AUDITOR_EVERY_ROUND="true")).every_round
