"""The operators' alert rules and dashboard as the tests read them: where they are, and
the metrics their queries name."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
PROMETHEUS = ROOT / "deploy" / "prometheus"
RULES = PROMETHEUS / "alerts.yml"
PROMETHEUS_RULE = ROOT / "k8s" / "overlays" / "prod" / "alerts.yaml"
DASHBOARD = ROOT / "k8s" / "overlays" / "prod" / "dashboards" / "president.json"
PROMTOOL = shutil.which("promtool")
"""Debian's ``prometheus`` package, installed by ``make venv`` (SYSTEM_TOOLS)."""

NAME = re.compile(r"\b((?:president|process)_[a-z_]+)\b")
SUFFIXES = ("_bucket", "_count", "_sum", "_total", "_created")


def metric_names_in(expr: str) -> set[str]:
    """The backend's metrics a PromQL expression reads (by their defined names)."""
    found = set()
    for name in NAME.findall(expr):
        for suffix in SUFFIXES:
            if name.endswith(suffix):
                name = name.removesuffix(suffix)
                break
        found.add(name)
    return found


def rule_exprs() -> list[str]:
    groups = yaml.safe_load(RULES.read_text())["groups"]
    return [rule["expr"] for group in groups for rule in group["rules"]]


def dashboard_exprs() -> list[str]:
    panels: list[dict[str, Any]] = json.loads(DASHBOARD.read_text())["panels"]
    return [target["expr"] for panel in panels for target in panel["targets"]]
