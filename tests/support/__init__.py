"""Small helpers shared by tests of several tiers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jsonschema import Draft7Validator, ValidationError


def json_strings(value: Any) -> list[str]:
    """Every string anywhere inside decoded JSON (where a hidden card could hide)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in json_strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in json_strings(item)]
    return []


ASYNCAPI_SCHEMA = (
    Path(__file__).parents[1] / "fixtures" / "asyncapi" / "asyncapi-3.0.0-without-id.json"
)
"""The official AsyncAPI 3.0.0 JSON Schema (see the README beside it)."""


def asyncapi_errors(document: dict[str, Any]) -> list[ValidationError]:
    """Where ``document`` breaks the AsyncAPI 3.0.0 schema (empty: a valid document)."""
    schema = json.loads(ASYNCAPI_SCHEMA.read_text(encoding="utf-8"))
    return list(Draft7Validator(schema).iter_errors(document))


def payload_errors(document: dict[str, Any], schema_name: str, data: Any) -> list[str]:
    """Where ``data`` breaks the document's schema ``schema_name`` (a component schema)."""
    root = {"$ref": f"#/components/schemas/{schema_name}", "components": document["components"]}
    return [error.message for error in Draft7Validator(root).iter_errors(data)]


def header_errors(document: dict[str, Any], message: str, headers: Any) -> list[str]:
    """Where ``headers`` break what the document says message ``message`` carries."""
    schema = document["components"]["messages"][message]["headers"]
    return [error.message for error in Draft7Validator(schema).iter_errors(headers)]
