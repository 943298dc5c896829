"""Marks every test with its tier, taken from the folder it lives in."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["tests.fixtures.servers"]

_TIERS = ("unit", "integration", "e2e", "chaos")
_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        # Folders below tests/ only: a checkout's own path (…/wt/chaos/…) names no tier.
        parts = Path(str(item.fspath)).resolve().relative_to(_TESTS).parts
        for tier in _TIERS:
            if tier in parts:
                item.add_marker(getattr(pytest.mark, tier))
