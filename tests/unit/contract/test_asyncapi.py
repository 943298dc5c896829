"""The committed AsyncAPI document is the one the code generates, and it hangs together."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from president.contract import GAME_COMMANDS, TABLE_COMMANDS, RejectionCode
from president.contract.asyncapi import build, render
from typer.testing import CliRunner

DOCUMENT = Path(__file__).resolve().parents[3] / "docs" / "asyncapi.json"


def test_the_committed_document_is_not_stale() -> None:
    assert DOCUMENT.read_text(encoding="utf-8") == render(), (
        "docs/asyncapi.json is stale: run `president asyncapi -o docs/asyncapi.json`"
    )


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


def _resolve(document: dict[str, Any], ref: str) -> Any:
    node: Any = document
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def test_every_reference_resolves() -> None:
    document = build()
    for ref in _refs(document):
        assert _resolve(document, ref) is not None, ref


def test_every_command_and_code_is_documented() -> None:
    document = build()
    messages = document["components"]["messages"]
    for name in (*TABLE_COMMANDS, *GAME_COMMANDS):
        assert name in messages
    codes = document["components"]["schemas"]["RejectionCode"]["enum"]
    assert codes == [code.value for code in RejectionCode]
    assert document["channels"]["gameCommands"]["address"] == "president.cmd.game.{table_id}"


def test_the_command_prints_and_checks_the_document(tmp_path: Path) -> None:
    from president_tools.cli import app

    runner = CliRunner()
    assert json.loads(runner.invoke(app, ["asyncapi"]).stdout)["asyncapi"] == "3.0.0"
    stale = tmp_path / "asyncapi.json"
    stale.write_text("{}")
    assert runner.invoke(app, ["asyncapi", "--check", str(stale)]).exit_code == 1
    assert runner.invoke(app, ["asyncapi", "-o", str(stale)]).exit_code == 0
    assert runner.invoke(app, ["asyncapi", "--check", str(stale)]).exit_code == 0
