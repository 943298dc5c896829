"""Hostile input to the table service on the real servers (issue 11): a reused command id,
another identity's command id, control characters, bodies up to the server's
``max_payload`` and of 1 MiB, deep JSON. Each gets its stable code (the 1 MiB body the
server's own refusal), its reply fits, and nothing is written."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator

import pytest
from nats.errors import MaxPayloadError
from president.bus.connect import connect
from president.contract import Accepted, Rejected, RejectionCode, Subjects, TableList
from president.contract.base import MAX_PAYLOAD
from president.store.postgres import PostgresEventStore
from president_tools.loadtest.flood import FLOOD_USER
from president_tools.loadtest.wire import MAX_PAYLOAD_VIOLATION, publish_over_max_payload

from tests.fixtures.servers import TestServers

from .conftest import TableClient

NEAR_MAX_PAYLOAD = MAX_PAYLOAD - 1024  # the largest the server passes on, far above 16 KiB
ONE_MIB = 1024 * 1024  # the 1 MiB field: over the server's max_payload


@pytest.fixture
async def other(table_service: Subjects, servers: TestServers) -> AsyncIterator[TableClient]:
    """Another platform: a second integrator identity with an inbox of its own."""
    client = await connect(servers.url_for(FLOOD_USER), "table-test-other")
    try:
        yield TableClient(client, table_service)
    finally:
        await client.close()


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[PostgresEventStore]:
    async with await PostgresEventStore.connect(database_url, max_size=2) as events:
        yield events


def _code(reply: object) -> RejectionCode:
    assert isinstance(reply, Rejected), reply
    return reply.code


async def test_a_reused_id_with_another_body_changes_nothing_anothers_is_its_own(
    tables: TableClient, other: TableClient, store: PostgresEventStore
) -> None:
    table_id = f"h{uuid.uuid4().hex[:10]}"
    assert isinstance(await tables.send("CreateTable", table_id=table_id, players=3), Accepted)
    first = await tables.send("TakeSeat", command_id="take", table_id=table_id, player_name="A")
    assert isinstance(first, Accepted) and first.seat_token
    version = await store.stream_version(f"table-{table_id}")

    renamed = await tables.send("TakeSeat", command_id="take", table_id=table_id, player_name="B")
    assert _code(renamed) is RejectionCode.COMMAND_ID_REUSED
    assert first.seat_token not in json.dumps(renamed.model_dump())
    assert await store.stream_version(f"table-{table_id}") == version
    # another identity's TakeSeat of the same id is its own: another seat, another token
    theirs = await other.send("TakeSeat", command_id="take", table_id=table_id, player_name="A")
    assert isinstance(theirs, Accepted) and not theirs.duplicate, theirs
    assert theirs.seat != first.seat and theirs.seat_token not in (None, first.seat_token)

    again = await tables.send("TakeSeat", command_id="take", table_id=table_id, player_name="A")
    assert isinstance(again, Accepted) and again.duplicate
    assert again.seat_token == first.seat_token


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", "a\u0000b"), ("name", "bell\u0007"), ("command_id", "c\u0000")],
)
async def test_a_control_character_is_malformed_and_creates_nothing(
    tables: TableClient, store: PostgresEventStore, field: str, value: str
) -> None:
    table_id = f"h{uuid.uuid4().hex[:10]}"
    reply = await tables.send("CreateTable", table_id=table_id, **{field: value})
    assert _code(reply) is RejectionCode.MALFORMED
    assert await store.stream_version(f"table-{table_id}") == 0


async def test_a_player_name_with_nul_is_malformed(
    tables: TableClient, store: PostgresEventStore
) -> None:
    table_id = f"h{uuid.uuid4().hex[:10]}"
    assert isinstance(await tables.send("CreateTable", table_id=table_id, players=3), Accepted)
    reply = await tables.send("TakeSeat", table_id=table_id, player_name="\u0000")
    assert _code(reply) is RejectionCode.MALFORMED
    assert await store.stream_version(f"table-{table_id}") == 1


@pytest.mark.parametrize("field", ["name", "command_id"])
async def test_a_body_near_max_payload_is_too_large_unread_and_its_reply_is_small(
    tables: TableClient, store: PostgresEventStore, field: str
) -> None:
    table_id = f"h{uuid.uuid4().hex[:10]}"
    body = {"command_id": "big", "table_id": table_id, field: "x" * NEAR_MAX_PAYLOAD}
    payload = json.dumps(body).encode()
    message = await tables.nats.request(
        tables.subjects.table_command("CreateTable"), payload, timeout=5
    )
    assert len(message.data) < 400  # nothing of the body echoed
    reply = Rejected.model_validate_json(message.data)
    assert reply.code is RejectionCode.MESSAGE_TOO_LARGE and reply.command_id is None
    assert await store.stream_version(f"table-{table_id}") == 0
    assert isinstance(await tables.send("ListTables"), TableList)  # the lobby still answers


async def test_a_body_of_a_mebibyte_is_refused_by_the_server_itself(
    tables: TableClient, store: PostgresEventStore, servers: TestServers
) -> None:
    table_id = f"h{uuid.uuid4().hex[:10]}"
    payload = json.dumps({"command_id": "huge", "table_id": table_id, "name": "x" * ONE_MIB})
    subject = tables.subjects.table_command("CreateTable")
    assert tables.nats.max_payload == MAX_PAYLOAD  # told at connect
    with pytest.raises(MaxPayloadError):  # nats-py will not even send it
        await tables.nats.request(subject, payload.encode(), timeout=5)
    # Sent anyway (the NATS protocol by hand): the server refuses it and closes the
    # connection, before any service reads a byte of it.
    reply = f"_INBOX.{FLOOD_USER}.huge"
    code = await publish_over_max_payload(
        servers.url_for(FLOOD_USER), "huge-body", subject, payload.encode(), reply
    )
    assert code == MAX_PAYLOAD_VIOLATION
    assert await store.stream_version(f"table-{table_id}") == 0
    assert isinstance(await tables.send("ListTables"), TableList)  # the lobby still answers


async def test_a_long_command_id_is_malformed_and_not_echoed(tables: TableClient) -> None:
    reply = await tables.send("CreateTable", command_id="x" * 12_000)
    assert _code(reply) is RejectionCode.MALFORMED
    assert isinstance(reply, Rejected) and reply.command_id is None


async def test_deep_json_is_malformed(tables: TableClient) -> None:
    deep = b'{"command_id": "deep", "options": ' + b'{"a":' * 2000 + b"1" + b"}" * 2001
    assert _code(await tables.raw("CreateTable", deep)) is RejectionCode.MALFORMED
    shallow = b'{"command_id": "d2", "options": ' + b"[" * 9 + b"]" * 9 + b"}"
    reply = await tables.raw("CreateTable", shallow)
    assert _code(reply) is RejectionCode.MALFORMED
    assert isinstance(reply, Rejected) and "nested deeper than 8" in reply.detail
