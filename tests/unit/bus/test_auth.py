"""The permissions' data and their rendering (the server's behaviour is tested on a real
nats-server in tests/e2e/test_bus_security.py)."""

from __future__ import annotations

import pytest
from president.bus.auth import (
    ROLES,
    Secret,
    inbox_prefix,
    render_auth_conf,
    role_permissions,
    single_account,
)
from president.bus.identity import Requester, requester_of

pytestmark = pytest.mark.unit


def _conf() -> str:
    return render_auth_conf(single_account("president", {r: Secret(literal=r) for r in ROLES}))


def test_an_empty_allow_list_is_rendered_as_deny_everything() -> None:
    # nats-server reads an empty allow-list as no restriction at all
    assert role_permissions("table", "president").publish == ()
    table = _conf().split('user: "table"')[1].split('user: "engine"')[0]
    assert 'publish: { deny: [">"] }' in table


def test_no_identity_may_subscribe_to_everything_or_to_all_inboxes() -> None:
    for role in ROLES:
        permissions = role_permissions(role, "president")
        assert ">" not in permissions.subscribe and "_INBOX.>" not in permissions.subscribe
        assert [s for s in permissions.subscribe if s.startswith("_INBOX")] == [f"_INBOX.{role}.>"]


def test_no_anonymous_user_and_no_default_user() -> None:
    assert "no_auth_user" not in _conf() and "authorization" not in _conf()


def test_user_names_are_plain_tokens() -> None:
    assert inbox_prefix("acme-integrator") == "_INBOX.acme-integrator"
    with pytest.raises(ValueError, match="bad NATS user"):
        inbox_prefix("a.b")


def test_env_passwords_are_references_and_literals_are_quoted() -> None:
    assert Secret(env="NATS_RELAY_PASSWORD").render() == "$NATS_RELAY_PASSWORD"
    assert Secret(literal='a"b').render() == '"a\\"b"'


@pytest.mark.parametrize(
    ("reply", "user", "role"),
    [
        ("_INBOX.integrator.abc.1", "integrator", "integrator"),
        ("_INBOX.acme-integrator.abc.1", "acme-integrator", "integrator"),
        ("_INBOX.ai-worker.x.2", "ai-worker", "ai-worker"),
    ],
)
def test_the_requester_is_the_owner_of_the_reply_inbox(reply: str, user: str, role: str) -> None:
    requester = requester_of(reply)
    assert requester == Requester(user) and requester.role == role


@pytest.mark.parametrize("reply", [None, "", "_INBOX.abc", "other.integrator.x", "_INBOX..x"])
def test_a_reply_outside_every_inbox_has_no_requester(reply: str | None) -> None:
    assert requester_of(reply) is None
