"""`president route`: the route of a game command through the code (``docs/route.md``)."""

from __future__ import annotations

from typing import Annotated

import typer

from president_tools.cli.app import app


@app.command()
def route(
    write: Annotated[
        bool, typer.Option("--write", help="Write docs/route.md instead of printing the page.")
    ] = False,
) -> None:
    """Trace an accepted and a refused game command from the engine's subscription and
    print the route page (its stops, what each decides, the loop after the commit)."""
    from president_tools.route_page import PAGE, page

    text = page()
    if write:
        PAGE.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {PAGE}")
    else:
        typer.echo(text, nl=False)
