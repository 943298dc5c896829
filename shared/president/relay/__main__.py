"""``python -m president.relay [OPTIONS]``: the same as ``president relay [OPTIONS]``."""

from __future__ import annotations

import typer

from president.cli.relay import relay_command

if __name__ == "__main__":
    typer.run(relay_command)
