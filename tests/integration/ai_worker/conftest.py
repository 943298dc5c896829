"""The AI worker's integration tests: a harness connection to the session's NATS."""

from __future__ import annotations

from collections.abc import AsyncIterator

import nats
import pytest
from nats.aio.client import Client


@pytest.fixture
async def client(nats_url: str) -> AsyncIterator[Client]:
    connection = await nats.connect(nats_url)
    yield connection
    await connection.close()
