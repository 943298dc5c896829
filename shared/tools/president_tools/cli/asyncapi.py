"""`president asyncapi`: the AsyncAPI 3.0 document of the message contract."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from president.contract.subjects import DEFAULT_PREFIX

from president_tools.cli.app import app


@app.command("asyncapi")
def asyncapi_command(
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="write here instead of stdout")
    ] = None,
    check: Annotated[
        Path | None, typer.Option(help="exit 1 when this file differs from the generated one")
    ] = None,
    prefix: Annotated[str, typer.Option(help="subject prefix to document")] = DEFAULT_PREFIX,
) -> None:
    """Generate the AsyncAPI document of every command, reply and event (from the code).

    The committed copy is docs/asyncapi.json: regenerate it with
    `president asyncapi -o docs/asyncapi.json` after changing the contract.
    """
    from president_tools.asyncapi.document import render  # slow to import; only this needs it

    document = render(prefix)
    if check is not None:
        current = check.read_text(encoding="utf-8") if check.exists() else ""
        if current != document:
            typer.echo(f"{check} is stale: run president asyncapi -o {check}", err=True)
            raise typer.Exit(1)
        typer.echo(f"{check} is up to date")
        return
    if output is None:
        typer.echo(document, nl=False)
    else:
        output.write_text(document, encoding="utf-8")
        typer.echo(f"wrote {output}")
