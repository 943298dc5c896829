"""The browser table in real Chromium (Debian's, via Selenium) against the whole system:
the embedded NATS with its WebSocket listener and auth callout, every service, and
`president serve web`, once per test module."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from president_tools.stack import ServiceStack, StackConfig
from president_tools.stack.settings import StackSettings
from selenium import webdriver

from tests.golden.l10n.browser import chromium


def web_stack(
    database_url: str, run_dir: Path, ai_workers: int = 1, **extra_env: str
) -> Iterator[ServiceStack]:
    """The services and the web process on their own embedded NATS; stopped at the end."""
    stack = ServiceStack(
        StackConfig(
            prefix=f"w{uuid.uuid4().hex[:8]}",
            run_dir=run_dir,
            durable=False,
            ai_workers=ai_workers,
            web=True,
            extra_env=extra_env,
        ),
        StackSettings(database_url=database_url, data_dir=run_dir),
    ).start()
    try:
        yield stack
    finally:
        stack.stop()


@pytest.fixture(scope="module")
def stack(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceStack]:
    yield from web_stack(database_url, tmp_path_factory.mktemp("web"))


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    with chromium(width=800, height=1200) as driver:
        yield driver
