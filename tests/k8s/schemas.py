"""Validation of rendered objects: Kubernetes' own kinds with ``kubernetes-validate``, the
custom resources with the CRD schemas vendored in ``crds/`` (see its README)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import kubernetes_validate

CRDS = Path(__file__).resolve().parent / "crds"
# The oldest and newest Kubernetes releases the manifests support (docs/operations.md).
KUBERNETES_VERSIONS = ("1.29", "1.37")


def group_version_kind(obj: dict[str, Any]) -> tuple[str, str, str]:
    group, _, version = str(obj["apiVersion"]).rpartition("/")
    return group, version, str(obj["kind"])


def _closed(schema: Any) -> Any:
    """The schema with unknown fields rejected wherever the CRD lists the fields (the API
    server prunes unknown fields silently; here they fail)."""
    if isinstance(schema, list):
        return [_closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    closed = {key: _closed(value) for key, value in schema.items()}
    if (
        "properties" in closed
        and "additionalProperties" not in closed
        and not closed.get("x-kubernetes-preserve-unknown-fields")
    ):
        closed["additionalProperties"] = False
    return closed


@cache
def _crd_schema(group: str, version: str, kind: str) -> dict[str, Any] | None:
    path = CRDS / f"{group}_{version}_{kind}.json"
    if not path.is_file():
        return None
    closed: dict[str, Any] = _closed(json.loads(path.read_text()))
    return closed


def has_crd_schema(obj: dict[str, Any]) -> bool:
    return _crd_schema(*group_version_kind(obj)) is not None


def crd_errors(obj: dict[str, Any]) -> list[str]:
    """Where the custom resource departs from its vendored CRD schema."""
    schema = _crd_schema(*group_version_kind(obj))
    assert schema is not None, f"no vendored schema for {obj['apiVersion']} {obj['kind']}"
    validator = jsonschema.Draft7Validator(schema)
    return [
        f"{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
        for error in validator.iter_errors(obj)
    ]


def kubernetes_errors(obj: dict[str, Any], version: str) -> list[str]:
    """What ``kubernetes-validate --strict`` rejects in the object for that release."""
    try:
        kubernetes_validate.validate(obj, version, strict=True)
    except kubernetes_validate.ValidationError as error:
        return [f"{'/'.join(str(p) for p in error.path)}: {error.message}"]
    return []
