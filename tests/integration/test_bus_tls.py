"""TLS on the bus: a client verifies the server's certificate against PRESIDENT_NATS_TLS_CA,
on a real nats-server given a certificate made for this test (openssl)."""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from pathlib import Path

import nats
import pytest
from president.bus.connect import NatsCredentials, connect
from president_tools.infra.certs import make_ca, make_server_certificate
from president_tools.infra.nats import EmbeddedNats


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path, Path]:
    good = tmp_path_factory.mktemp("ca")
    ca = make_ca(good)
    server = make_server_certificate(good, "nats", ["127.0.0.1", "localhost"])
    stranger = make_ca(tmp_path_factory.mktemp("other-ca"))
    return ca, server.cert, server.key, stranger


@pytest.fixture(scope="module")
def tls_server(
    certificates: tuple[Path, Path, Path, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[EmbeddedNats]:
    _, cert, key, _ = certificates
    server = EmbeddedNats(tmp_path_factory.mktemp("tls") / "nats", tls=(cert, key))
    server.start()
    yield server
    server.stop()


def _as(server: EmbeddedNats, role: str, ca: Path) -> NatsCredentials:
    return NatsCredentials(user=role, password=server.users[role], tls_ca=ca)


async def test_a_client_that_trusts_the_ca_connects_and_talks(
    tls_server: EmbeddedNats, certificates: tuple[Path, Path, Path, Path]
) -> None:
    ca = certificates[0]
    client = await connect(tls_server.url, "tls-probe", _as(tls_server, "integrator", ca))
    try:
        # a JetStream API round trip the integrator may make: the stream is not there yet
        reply = await client.request("$JS.API.STREAM.INFO.PRESIDENT_EVENTS", b"", timeout=5)
        assert b"stream not found" in reply.data
        assert client.connected_url is not None and client.connected_url.scheme == "tls"
    finally:
        await client.close()


async def _quiet(error: Exception) -> None:
    pass


async def test_a_client_with_another_ca_refuses_the_server(
    tls_server: EmbeddedNats, certificates: tuple[Path, Path, Path, Path]
) -> None:
    stranger = certificates[3]
    with pytest.raises(ssl.SSLCertVerificationError):
        await connect(
            tls_server.url,
            "tls-probe",
            _as(tls_server, "integrator", stranger),
            allow_reconnect=False,
            error_cb=_quiet,
        )


async def test_a_plain_connection_to_the_tls_server_is_refused(tls_server: EmbeddedNats) -> None:
    plain = tls_server.url.replace("tls://", "nats://")
    with pytest.raises((nats.errors.Error, OSError)):
        await nats.connect(
            plain,
            user="integrator",
            password=tls_server.users["integrator"],
            allow_reconnect=False,
            error_cb=_quiet,
        )
