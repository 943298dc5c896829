from urllib.parse import ParseResult, urlparse

import pytest
from nats.aio.client import Server
from president.bus.connect import (
    NatsCredentials,
    ReconnectPolicy,
    nats_options,
    server_list,
)
from president.settings import Settings

pytestmark = pytest.mark.unit


def test_a_comma_list_names_every_server_of_a_cluster() -> None:
    assert server_list("nats://a:4222, nats://b:4222,nats://c:4222") == [
        "nats://a:4222",
        "nats://b:4222",
        "nats://c:4222",
    ]


def test_an_empty_server_list_is_an_error() -> None:
    with pytest.raises(ValueError, match="no NATS server"):
        server_list(" , ")


def test_options_name_the_connection_and_take_overrides() -> None:
    options = nats_options("nats://a:4222", "president-engine-1", allow_reconnect=False)

    assert options["servers"] == ["nats://a:4222"]
    assert options["name"] == "president-engine-1"
    assert options["allow_reconnect"] is False


def test_a_user_in_the_url_becomes_the_identity_with_its_own_inbox() -> None:
    options = nats_options("nats://table:s%40cret@a:4222,nats://b:4222", "president-table-1")

    assert options["servers"] == ["nats://a:4222", "nats://b:4222"]
    assert (options["user"], options["password"]) == ("table", "s@cret")
    assert options["inbox_prefix"] == "_INBOX.table"


def test_explicit_credentials_win_and_verify_the_server_with_the_ca() -> None:
    credentials = NatsCredentials(user="engine", password="pw", tls_ca=None)
    options = nats_options("nats://other:x@a:4222", "president-engine-1", credentials)

    assert (options["user"], options["inbox_prefix"]) == ("engine", "_INBOX.engine")
    assert "tls" not in options
    assert "pw" not in repr(credentials)


def test_by_default_a_connection_reconnects_for_ever() -> None:
    options = nats_options("nats://a:4222", "president-engine-1")

    assert options["max_reconnect_attempts"] == -1
    assert options["reconnect_to_server_handler"] is not None


def test_the_wait_doubles_up_to_its_cap_with_jitter() -> None:
    policy = ReconnectPolicy(first_wait=0.1, max_wait=2.0)

    for attempt, ceiling in [(0, 0.1), (1, 0.2), (3, 0.8), (5, 2.0), (60, 2.0)]:
        waits = [policy.wait(attempt) for _ in range(200)]
        assert all(ceiling / 2 <= wait <= ceiling for wait in waits)
        assert len(set(waits)) > 100  # jittered, not in lock step


def test_the_least_tried_server_of_a_cluster_goes_next() -> None:
    tried = [Server(uri=server_uri("a"), reconnects=3), Server(uri=server_uri("b"), reconnects=1)]

    server, wait = ReconnectPolicy(first_wait=0.1, max_wait=5.0).choose(tried, {})

    assert server is tried[1]
    assert 0.1 <= wait <= 0.2


def test_the_policy_comes_from_the_settings() -> None:
    settings = Settings(
        nats_reconnect_wait=0.05, nats_reconnect_wait_max=1.0, nats_max_reconnect_attempts=3
    )

    assert ReconnectPolicy.of(settings) == ReconnectPolicy(0.05, 1.0, 3)
    assert (
        nats_options("nats://a:4222", "x", policy=ReconnectPolicy.of(settings))[
            "max_reconnect_attempts"
        ]
        == 3
    )


def server_uri(host: str) -> ParseResult:
    return urlparse(f"nats://{host}:4222")
