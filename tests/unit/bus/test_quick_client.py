"""The engine's header parser gives what nats-py's gives, for any header block."""

from __future__ import annotations

import random

import pytest
from nats.aio.client import Client
from president.bus.quick_client import QuickClient, parse_header_lines

pytestmark = pytest.mark.unit

PIECES = [
    b"Nats-Msg-Id",
    b"Nats-Request-Info",
    b"president-type",
    b":",
    b": ",
    b":\t",
    b" ",
    b"\t",
    b"\x0b",
    b"\x1c",
    b"\x1f",
    b"\r\n",
    b"\r",
    b"\n",
    b'{"acc":"COMMANDS","user":"acme-integrator","rtt":"1ms"}',
    "é".encode(),
    b"\xff\xfe",
    b"x",
    b"",
]


def test_a_real_block_of_request_and_event_headers() -> None:
    raw = b'Nats-Request-Info: {"user":"table"}\r\nNats-Msg-Id: e-1\r\nBad Name: x\r\n\r\n'

    assert parse_header_lines(raw) == {
        "Nats-Request-Info": '{"user":"table"}',
        "Nats-Msg-Id": "e-1",
    }
    assert parse_header_lines(raw) == Client._parse_header_lines(raw)


def test_random_header_blocks_parse_as_nats_py_parses_them() -> None:
    rng = random.Random(17)
    for _ in range(20_000):
        raw = b"".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 14)))
        assert parse_header_lines(raw) == Client._parse_header_lines(raw), raw


def test_the_client_parses_with_it() -> None:
    assert QuickClient()._parse_header_lines is parse_header_lines
    assert issubclass(QuickClient, Client)
