"""The structure figures name tooling by whole module names."""

from __future__ import annotations

import pytest
from president_tools.structure import is_tooling

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("module", "tooling"),
    [
        ("president_tools", True),
        ("president_tools.cli.serve", True),
        ("president.cli", True),
        ("president.cli.main", True),
        ("president.client", False),  # the library's typed client, in the production wheel
        ("president.client.follow", False),
        ("president.infrastructure", False),
        ("president.rules.engine", False),
    ],
)
def test_a_module_is_tooling_by_its_whole_dotted_name(module: str, tooling: bool) -> None:
    assert is_tooling(module) is tooling
