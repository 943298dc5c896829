"""The quota ledger's contract on a real NATS KV bucket: two connections as the ``web``
identity (its permissions: only its bucket), two web replicas sharing one book."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from president.bus.connect import connect
from president.bus.streams import ensure_bucket, quota_bucket
from president.contract import Subjects

from services.web.ledger import KvLedger
from tests.fixtures.servers import TestServers
from tests.support.ledger_contract import LedgerContract, Pair


class TestKvLedger(LedgerContract):
    @pytest.fixture
    async def ledgers(self, servers: TestServers, unique_prefix: str) -> AsyncIterator[Pair]:
        config = quota_bucket(Subjects(unique_prefix))
        clients = [await connect(servers.url_for("web"), f"web-{n}") for n in range(2)]
        try:
            buckets = [await ensure_bucket(client.jetstream(), config) for client in clients]
            yield KvLedger(buckets[0]), KvLedger(buckets[1])
        finally:
            for client in clients:
                await client.close()
            harness = await connect(servers.nats_url, "harness")
            await harness.jetstream().delete_key_value(config.bucket)
            await harness.close()
