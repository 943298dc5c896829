"""A table service running in-process on the real servers, and a NATS client to talk to it."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from nats.aio.client import Client
from president.bus.connect import connect
from president.contract import Reply, Subjects, parse_reply
from president.store.migrate import app_role_url, migrate

from services.table.main import create_app
from services.table.settings import TableSettings
from tests.fixtures.servers import TestServers


class TableClient:
    """Sends table commands by request-reply and parses the replies."""

    def __init__(self, client: Client, subjects: Subjects):
        self.nats = client
        self.subjects = subjects

    async def send(self, command: str, **body: Any) -> Reply:
        body.setdefault("command_id", str(uuid.uuid4()))
        return await self.raw(command, json.dumps(body).encode())

    async def raw(self, command: str, payload: bytes) -> Reply:
        message = await self.nats.request(self.subjects.table_command(command), payload, timeout=5)
        return parse_reply(message.data)


@pytest.fixture(scope="module")
async def table_service(database_url: str, servers: TestServers) -> AsyncIterator[Subjects]:
    """One table service for the module, on a fresh database and its own subject prefix.

    It connects as the store's ``president_app`` role (no DDL rights): the migrations
    alone must give it what it needs; on NATS it is the identity ``table``."""
    await migrate(database_url)
    prefix = f"t{uuid.uuid4().hex[:8]}"
    settings = TableSettings(
        database_url=app_role_url(database_url),
        nats_url=servers.url_for("table"),
        subject_prefix=prefix,
        token_secret="test-secret",
        lobby_poll_interval=0.05,
    )
    app = create_app(settings)
    await app.start()
    try:
        yield Subjects(prefix)
    finally:
        await app.stop()


@pytest.fixture
async def tables(table_service: Subjects, servers: TestServers) -> AsyncIterator[TableClient]:
    """A platform's client: the identity ``integrator``, with its own inbox."""
    client = await connect(servers.url_for("integrator"), "table-test")
    try:
        yield TableClient(client, table_service)
    finally:
        await client.close()
