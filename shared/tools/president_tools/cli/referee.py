"""`president referee`: the rules engine with nothing around it (RULES.md appendix)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from president.rules.errors import InvalidGameInput
from president.rules.referee import run_script

from president_tools.cli.app import app


def _fail(detail: str) -> None:
    typer.echo(json.dumps({"error": "INVALID_INPUT", "detail": detail}))
    raise typer.Exit(code=2)


def _read(script: Path | None) -> Any:
    try:
        text = script.read_text(encoding="utf-8") if script else sys.stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"cannot read the script: {exc}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, or an int of 4,301+ digits
        _fail(f"the script is not JSON: {exc}")


@app.command()
def referee(
    script: Annotated[
        Path | None, typer.Argument(help="Script file (JSON); standard input when omitted.")
    ] = None,
) -> None:
    """Apply a scripted game's actions and print the rules' verdict on each (JSON)."""
    raw = _read(script)
    try:
        output = run_script(raw)
    except InvalidGameInput as exc:
        _fail(str(exc))
    typer.echo(json.dumps(output, indent=2, ensure_ascii=False))
