"""The server fixtures give real, usable servers and fresh databases."""

from __future__ import annotations

import re

import asyncpg
import nats

from tests.fixtures.servers import TestServers


async def test_database_url_is_a_fresh_empty_database(database_url: str) -> None:
    connection = await asyncpg.connect(database_url)
    try:
        name = await connection.fetchval("SELECT current_database()")
        tables = await connection.fetchval(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
        )
    finally:
        await connection.close()
    assert name.startswith("t_test_infra_fixtures_")
    assert tables == 0


async def test_servers_gives_an_admin_url_that_can_create_databases(servers: TestServers) -> None:
    connection = await asyncpg.connect(servers.database_url)
    try:
        assert await connection.fetchval(
            "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
        )
    finally:
        await connection.close()


async def test_nats_url_accepts_a_jetstream_publish(nats_url: str, unique_prefix: str) -> None:
    client = await nats.connect(nats_url)
    try:
        stream = client.jetstream()
        await stream.add_stream(name=unique_prefix, subjects=[f"{unique_prefix}.>"])
        ack = await stream.publish(f"{unique_prefix}.hello", b"hi")
        assert ack.stream == unique_prefix and ack.seq == 1
        await stream.delete_stream(unique_prefix)
    finally:
        await client.close()


def test_unique_prefix_is_short_and_distinct(unique_prefix: str) -> None:
    assert re.fullmatch(r"t[0-9a-f]{8}", unique_prefix)
