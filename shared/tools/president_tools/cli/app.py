"""The Typer apps that every command module registers on."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="president",
    help="President (CardVerse variant, rules 1.1.0): rules engine, services, AI, audit.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
bench_app = typer.Typer(help="Benchmarks: each prints what it measured (--json for one object).")
app.add_typer(bench_app, name="bench")
