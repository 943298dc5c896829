"""Loose option values sent as real CreateTable commands to the table service on the real
servers (issue 22): each is MALFORMED and creates nothing; the JSON values are taken."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest
from president.contract import Accepted, Rejected, RejectionCode, TableInfo
from president.store.postgres import PostgresEventStore

from .conftest import TableClient


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[PostgresEventStore]:
    async with await PostgresEventStore.connect(database_url, max_size=2) as events:
        yield events


def _table_id() -> str:
    return f"s{uuid.uuid4().hex[:10]}"


@pytest.mark.parametrize(
    "options",
    [
        {"revolution": "no"},
        {"revolution": "off"},
        {"revolution": 0},
        {"revolution": "TRUE"},
        {"rounds": "2"},
        {"rounds": 2.0},
        {"turn_seconds": "5"},
        {"turn_seconds": True},
    ],
)
async def test_a_loose_option_value_is_malformed_and_creates_nothing(
    tables: TableClient, store: PostgresEventStore, options: dict[str, object]
) -> None:
    table_id = _table_id()
    reply = await tables.send("CreateTable", table_id=table_id, players=3, options=options)
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.MALFORMED, reply
    assert await store.stream_version(f"table-{table_id}") == 0


@pytest.mark.parametrize(
    "ai_seats",
    [
        b'{"01": "easy"}',
        b'{" 1": "easy"}',
        b'{"01": "easy", "1": "hard"}',
        b'{"1": "easy", "1": "hard"}',
    ],
)
async def test_a_seat_key_that_is_not_canonical_or_comes_twice_is_malformed(
    tables: TableClient, store: PostgresEventStore, ai_seats: bytes
) -> None:
    table_id = _table_id()
    body = b'{"command_id": "%s", "table_id": "%s", "players": 3, "ai_seats": %s}' % (
        uuid.uuid4().hex.encode(),
        table_id.encode(),
        ai_seats,
    )
    reply = await tables.raw("CreateTable", body)
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.MALFORMED, reply
    assert await store.stream_version(f"table-{table_id}") == 0


async def test_json_values_are_taken_as_sent(tables: TableClient) -> None:
    table_id = _table_id()
    options = {"revolution": False, "rounds": 2, "turn_seconds": 5}
    reply = await tables.send(
        "CreateTable", table_id=table_id, players=3, options=options, ai_seats={"1": "hard"}
    )
    assert isinstance(reply, Accepted), reply
    info = await tables.send("GetTable", table_id=table_id)
    assert isinstance(info, TableInfo)
    assert info.table.options.revolution is False and info.table.options.rounds == 2
    assert info.table.options.turn_seconds == 5.0
    assert [(s.seat, s.kind, s.level) for s in info.table.seats if s.kind == "ai"] == [
        (1, "ai", "hard")
    ]
