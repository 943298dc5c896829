"""The floors a command's round trip cannot beat: a bare NATS request-reply and a bare
Postgres single-row insert (one autocommit statement), measured on the same servers."""

from __future__ import annotations

import asyncio
import time
import uuid

import asyncpg
import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from president.bus.connect import connect

from president_tools.loadtest.stats import percentile

ECHO_SUBJECTS = "bench.echo"


async def nats_request_reply(nats_url: str, count: int = 2000) -> dict[str, float]:
    """Sequential requests to a responder that echoes, on two connections."""
    subject = f"{ECHO_SUBJECTS}.{uuid.uuid4().hex[:8]}"
    server = await connect(nats_url, "bench-echo")
    client = await connect(nats_url, "bench-client")
    try:

        async def echo(msg: Msg) -> None:
            await msg.respond(msg.data)

        await server.subscribe(subject, cb=echo)
        await server.flush()
        payload = b"x" * 200
        await _first_reply(client, subject, payload)
        for _ in range(100):
            await client.request(subject, payload, timeout=2)
        samples = []
        started = time.perf_counter()
        for _ in range(count):
            sent = time.perf_counter()
            await client.request(subject, payload, timeout=2)
            samples.append((time.perf_counter() - sent) * 1000)
        elapsed = time.perf_counter() - started
    finally:
        await client.close()
        await server.close()
    return {
        "nats_rtt_p50_ms": percentile(samples, 50),
        "nats_rtt_p99_ms": percentile(samples, 99),
        "nats_requests_per_s": count / elapsed,
    }


async def _first_reply(client: Client, subject: str, payload: bytes) -> None:
    """Wait until the responder's interest has reached the client's server."""
    for _ in range(100):
        try:
            await client.request(subject, payload, timeout=2)
            return
        except nats.errors.NoRespondersError:
            await asyncio.sleep(0.02)
    raise RuntimeError(f"nobody answers on {subject}")


async def postgres_single_inserts(database_url: str, count: int = 2000) -> dict[str, float]:
    """Sequential one-row INSERTs into a scratch table with no constraints."""
    table = f"bench_insert_{uuid.uuid4().hex[:8]}"
    connection = await asyncpg.connect(database_url)
    try:
        await connection.execute(f"CREATE UNLOGGED TABLE {table} (id bigint, body jsonb)")
        await connection.execute(f"ALTER TABLE {table} SET LOGGED")
        statement = await connection.prepare(f"INSERT INTO {table} VALUES ($1, $2::jsonb)")
        body = '{"seat": 1, "cards": ["3C", "3D"]}'
        for n in range(100):
            await statement.fetch(n, body)
        samples = []
        started = time.perf_counter()
        for n in range(count):
            sent = time.perf_counter()
            await statement.fetch(n, body)
            samples.append((time.perf_counter() - sent) * 1000)
        elapsed = time.perf_counter() - started
    finally:
        await connection.execute(f"DROP TABLE IF EXISTS {table}")
        await connection.close()
    return {
        "pg_insert_p50_ms": percentile(samples, 50),
        "pg_insert_p99_ms": percentile(samples, 99),
        "pg_inserts_per_s": count / elapsed,
    }
