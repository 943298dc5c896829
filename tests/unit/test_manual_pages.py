"""Every setting a process reads is on the manual's settings page, and every metric on its
monitoring page."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

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
