import pytest
from president.bus.connect import NatsCredentials, broker_options, nats_options, server_list

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

    assert options == {
        "servers": ["nats://a:4222"],
        "name": "president-engine-1",
        "allow_reconnect": False,
    }


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


def test_the_broker_gets_the_identity_as_its_security_object() -> None:
    from faststream.nats import NatsUserPassword

    options = broker_options("nats://a:4222", "t", NatsCredentials(user="table", password="pw"))

    assert isinstance(options["security"], NatsUserPassword)
    assert options["inbox_prefix"] == "_INBOX.table" and "user" not in options
