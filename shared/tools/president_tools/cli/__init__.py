"""The `president` command: one Typer app; each sub-command lives in its own module."""

from __future__ import annotations

# Importing a module registers its commands on `app` / `bench_app`.
from president_tools.cli import asyncapi as _asyncapi  # noqa: F401
from president_tools.cli import audit as _audit  # noqa: F401
from president_tools.cli import bench_ai_worker as _bench_ai_worker  # noqa: F401
from president_tools.cli import bench_bus as _bench_bus  # noqa: F401
from president_tools.cli import bench_compare as _bench_compare  # noqa: F401
from president_tools.cli import bench_e2e as _bench_e2e  # noqa: F401
from president_tools.cli import bench_flood as _bench_flood  # noqa: F401
from president_tools.cli import bench_rules as _bench_rules  # noqa: F401
from president_tools.cli import bench_store as _bench_store  # noqa: F401
from president_tools.cli import bench_tickets as _bench_tickets  # noqa: F401
from president_tools.cli import chaos as _chaos  # noqa: F401
from president_tools.cli import demo as _demo  # noqa: F401
from president_tools.cli import infra as _infra  # noqa: F401
from president_tools.cli import play as _play  # noqa: F401
from president_tools.cli import referee as _referee  # noqa: F401
from president_tools.cli import relay as _relay  # noqa: F401
from president_tools.cli import route as _route  # noqa: F401
from president_tools.cli import serve as _serve  # noqa: F401
from president_tools.cli import tournament as _tournament  # noqa: F401
from president_tools.cli import web as _web  # noqa: F401
from president_tools.cli.app import app, bench_app

__all__ = ["app", "bench_app", "main"]


def main() -> None:
    """Entry point of the `president` console script."""
    app()
