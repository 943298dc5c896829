import pytest
from president.bus.connect import nats_options, server_list

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
