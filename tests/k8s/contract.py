"""What the deployment files may name: the roles of the `president-service` entry point
and the ``PRESIDENT_*`` variables that the settings models read."""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from president.settings import ENV_PREFIX, Settings

from tests.support.manifests import ROOT

SETTINGS_ROOTS = (
    ROOT / "shared" / "president",
    ROOT / "shared" / "tools" / "president_tools",
    ROOT / "services",
)
"""The packages whose settings models deployment files may name (the tooling's too)."""


def accepted_by_the_entry_point(args: list[str]) -> bool:
    """Whether `president-service <args>` (the image's entry point, wherever the console
    script points) names an existing role with existing options."""
    (script,) = entry_points(group="console_scripts", name="president-service")
    parser = importlib.import_module(script.module).parser
    try:
        parser().parse_args(args)
    except SystemExit:
        return False
    return True


def _module_name(path: Path) -> str:
    (root,) = [root for root in SETTINGS_ROOTS if path.is_relative_to(root)]
    relative = path.relative_to(root.parent)
    return ".".join(relative.with_suffix("").parts).removesuffix(".__init__")


def _all_subclasses(cls: type[Settings]) -> set[type[Settings]]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _all_subclasses(sub)
    return found


@cache
def settings_variables() -> frozenset[str]:
    """``PRESIDENT_<FIELD>`` of every field of every Settings model of the project."""
    for root in SETTINGS_ROOTS:
        for path in sorted(root.rglob("*.py")):
            if "Settings)" in path.read_text():
                importlib.import_module(_module_name(path))
    models = {Settings, *_all_subclasses(Settings)}
    return frozenset(
        model.env_prefix + field.upper() for model in models for field in model.model_fields
    )


def is_president_variable(name: str) -> bool:
    return name.startswith(ENV_PREFIX)
