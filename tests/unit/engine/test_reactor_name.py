"""The reactor consumer's name: no client can learn it from the prefix or the config."""

from __future__ import annotations

import pytest
from president.bus.auth import role_permissions
from president.contract import Subjects

from services.engine.jetstream import reactor_durable

pytestmark = pytest.mark.unit


def test_the_name_has_a_part_only_the_token_secret_gives() -> None:
    subjects = Subjects("president")
    name = reactor_durable(subjects, "s" * 64)
    assert name.startswith("president-engine-reactor-")
    assert len(name.rsplit("-", 1)[1]) == 16
    assert name == reactor_durable(subjects, "s" * 64)  # every engine finds the same one
    assert name != reactor_durable(subjects, "t" * 64)
    assert name != reactor_durable(Subjects("acme"), "s" * 64)


def test_no_rendered_permission_names_the_reactor_consumer() -> None:
    subjects = Subjects("president")
    name = reactor_durable(subjects, "s" * 64)
    for role in ("engine", "integrator", "auditor", "ai-worker", "relay"):
        perms = role_permissions(role, "president")
        assert not any(name in subject for subject in (*perms.publish, *perms.subscribe))
