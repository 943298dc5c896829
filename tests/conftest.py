"""Marks every test with its tier, taken from the folder it lives in; the longest run first."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from _pytest.terminal import TerminalReporter

from tests.support.stress import STRESS_RECORD

pytest_plugins = ["tests.fixtures.servers"]

_TIERS = ("unit", "integration", "e2e", "chaos")
_TESTS = Path(__file__).resolve().parent
FIRST = (
    "chaos/test_postgres_outage.py",
    "chaos/test_nats_outage.py",
    "chaos/test_experiments.py",
)
"""The longest modules, started first so that under pytest-xdist (``make test``: one
module per worker at a time, in this order) the others run beside them; the two outages
mostly wait."""


def _rank(item: pytest.Item) -> int:
    path = Path(str(item.fspath)).resolve().relative_to(_TESTS).as_posix()
    return FIRST.index(path) if path in FIRST else len(FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: every other test keeps its place
    for item in items:
        # Folders below tests/ only: a checkout's own path (…/wt/chaos/…) names no tier.
        parts = Path(str(item.fspath)).resolve().relative_to(_TESTS).parts
        for tier in _TIERS:
            if tier in parts:
                item.add_marker(getattr(pytest.mark, tier))


def _record(line: dict[str, object]) -> None:
    path = os.environ.get(STRESS_RECORD)
    if path and "PYTEST_XDIST_WORKER" not in os.environ:  # xdist's controller reports all
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.failed:
        sections = "".join(f"\n--- {name}\n{text}" for name, text in report.sections)
        _record({"test": report.nodeid, "when": report.when, "log": report.longreprtext + sections})


def pytest_terminal_summary(terminalreporter: TerminalReporter) -> None:
    stats = terminalreporter.stats
    _record({"counts": {kind: len(stats.get(kind, ())) for kind in ("passed", "failed", "error")}})
