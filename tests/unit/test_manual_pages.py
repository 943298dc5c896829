"""The manual holds every setting a process reads (settings page), every metric (monitoring
page) and every `president` command (the commands page's index)."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import Any

import pytest
from president.runtime import metrics
from president.settings import ENV_PREFIX, Settings
from prometheus_client.metrics import MetricWrapperBase

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
MODULES = [
    "president.settings",
    "president_tools.stack.settings",
    *sorted(f"services.{p.parent.name}.settings" for p in ROOT.glob("services/*/settings.py")),
]


def _variables() -> dict[str, str]:
    """Each ``PRESIDENT_*`` variable of a settings model, with the model that reads it."""
    found: dict[str, str] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for model in vars(module).values():
            if inspect.isclass(model) and issubclass(model, Settings):
                for field in model.model_fields:
                    found.setdefault(f"{ENV_PREFIX}{field.upper()}", model.__name__)
    return found


def test_every_setting_is_on_the_settings_page() -> None:
    page = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    variables = _variables()
    assert len(variables) > 60 and "services.engine.settings" in MODULES
    missing = {v: model for v, model in variables.items() if f"`{v}`" not in page}
    assert not missing, f"not on docs/settings.md: {missing}"


def test_every_metric_is_on_the_monitoring_page() -> None:
    page = (ROOT / "docs" / "monitoring.md").read_text(encoding="utf-8")
    exported = [m for m in vars(metrics).values() if isinstance(m, MetricWrapperBase)]
    names = [m._name + ("_total" if m._type == "counter" else "") for m in exported]
    assert len(names) > 20
    missing = [name for name in names if f"`{name}`" not in page]
    assert not missing, f"not on docs/monitoring.md: {missing}"


def _leaf_commands() -> list[list[str]]:
    """Every ``president`` command that runs something, as its words (``["bench", "e2e"]``)."""
    from president_tools.cli import app
    from typer.main import get_command

    leaves: list[list[str]] = []

    def walk(command: Any, words: list[str]) -> None:
        children = getattr(command, "commands", None)
        if not children:
            leaves.append(words)
        for name, child in (children or {}).items():
            walk(child, [*words, name])

    walk(get_command(app), [])
    return leaves


def test_every_command_is_in_the_commands_page_index() -> None:
    page = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    index = page.split("## Every command", 1)[1]
    rows = [row.split("|")[1] for row in index.splitlines() if row.startswith("| `president")]
    leaves = _leaf_commands()
    assert len(leaves) > 25
    missing = [
        " ".join(words)
        for words in leaves
        if not any(
            f"`president {' '.join(words)}`" in first
            or (f"`president {words[0]} " in first and f"`{words[-1]}`" in first)
            for first in rows
        )
    ]
    assert not missing, f"not in the index of docs/commands.md: {missing}"
