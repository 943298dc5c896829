"""The local stack's processes: which roles it can run and how each is started."""

from __future__ import annotations

from president_tools.stack import StackConfig
from president_tools.stack.stack import serve_argv


def test_auditors_are_a_role_of_the_stack_none_unless_asked() -> None:
    assert StackConfig().counts()["auditor"] == 0
    assert StackConfig(auditors=2).counts()["auditor"] == 2


def test_roles_that_never_migrate_get_no_flag_their_command_lacks() -> None:
    assert serve_argv("engine", migrate=False)[-2:] == ["engine", "--no-migrate"]
    for role in ("auditor", "ai-worker"):
        assert serve_argv(role, migrate=False)[-1] == role
