"""The servers and services a benchmark measures: the ones the environment names, else
embedded ones in a temporary directory, removed afterwards (a clean, repeatable run)."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import typer
from president.settings import load_settings

from president_tools.stack import ProcessStartError, ServiceStack, StackConfig
from president_tools.stack.settings import StackSettings


@contextlib.contextmanager
def bench_settings(name: str) -> Iterator[StackSettings]:
    """The stack's settings: PRESIDENT_DATABASE_URL / PRESIDENT_NATS_URL when both are set,
    else embedded servers in a temporary directory ``president-<name>-*``, removed after."""
    settings = load_settings(cls=StackSettings)
    if settings.database_url is not None and settings.nats_url is not None:
        yield settings
        return
    scratch = Path(tempfile.mkdtemp(prefix=f"president-{name}-"))
    try:
        yield settings.model_copy(update={"data_dir": scratch})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


@contextlib.contextmanager
def bench_stack(config: StackConfig, settings: StackSettings) -> Iterator[ServiceStack]:
    """The services of ``config`` running; a service that does not start ends the command
    with status 1 and what failed."""
    try:
        with ServiceStack(config, settings) as stack:
            yield stack
    except ProcessStartError as error:
        typer.echo(f"a service did not start: {error}", err=True)
        raise typer.Exit(code=1) from error
