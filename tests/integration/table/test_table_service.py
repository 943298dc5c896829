"""The table service over real NATS and Postgres: tables, seats, start, lobby, rejections."""

from __future__ import annotations

import asyncio
import hashlib

from president.contract import Accepted, Rejected, RejectionCode, TableInfo, TableList

from tests.integration.table.conftest import TableClient
from tests.support.waiting import eventually


async def _table(tables: TableClient, **options: object) -> str:
    reply = await tables.send("CreateTable", **options)
    assert isinstance(reply, Accepted), reply
    assert reply.table_id is not None
    return reply.table_id


async def test_creates_a_table_with_ai_seats_taken_at_once(tables: TableClient) -> None:
    table_id = await _table(
        tables, players=5, options={"rounds": 3, "revolution": False}, ai_seats={"1": "hard"}
    )
    info = await tables.send("GetTable", table_id=table_id)
    assert isinstance(info, TableInfo)
    assert info.table.players == 5
    assert info.table.options.rounds == 3 and info.table.options.revolution is False
    assert [s.kind for s in info.table.seats] == ["free", "ai", "free", "free", "free"]
    assert info.table.seats[1].level == "hard"
    assert info.table.status == "open"


async def test_taking_a_seat_returns_a_token_whose_hash_is_the_only_trace(
    tables: TableClient,
) -> None:
    table_id = await _table(tables, players=3)
    reply = await tables.send("TakeSeat", table_id=table_id, seat=2, player_name="Ana")
    assert isinstance(reply, Accepted) and reply.seat == 2 and reply.seat_token
    info = await tables.send("GetTable", table_id=table_id)
    assert isinstance(info, TableInfo)
    assert info.table.seats[2].kind == "human" and info.table.seats[2].player_name == "Ana"
    assert reply.seat_token not in info.model_dump_json()
    assert hashlib.sha256(reply.seat_token.encode()).hexdigest() not in info.model_dump_json()


async def test_the_same_take_seat_twice_gets_the_same_reply_and_one_seat(
    tables: TableClient,
) -> None:
    table_id = await _table(tables, players=3)
    first = await tables.send("TakeSeat", command_id="c-1", table_id=table_id, player_name="Bo")
    again = await tables.send("TakeSeat", command_id="c-1", table_id=table_id, player_name="Bo")
    assert isinstance(first, Accepted) and isinstance(again, Accepted)
    assert again.duplicate and not first.duplicate
    assert (again.seat, again.seat_token, again.first_version) == (
        first.seat,
        first.seat_token,
        first.first_version,
    )
    info = await tables.send("GetTable", table_id=table_id)
    assert isinstance(info, TableInfo)
    assert [s.kind for s in info.table.seats] == ["human", "free", "free"]


async def test_a_repeated_create_table_names_the_same_table(tables: TableClient) -> None:
    first = await tables.send("CreateTable", command_id="create-once", players=4)
    again = await tables.send("CreateTable", command_id="create-once", players=4)
    assert isinstance(first, Accepted) and isinstance(again, Accepted)
    assert again.duplicate and again.table_id == first.table_id


async def test_seat_conflicts_are_rejected_with_their_codes(tables: TableClient) -> None:
    table_id = await _table(tables, players=3, ai_seats={"0": "easy"})
    taken = await tables.send("TakeSeat", table_id=table_id, seat=0, player_name="Cy")
    outside = await tables.send("SeatAI", table_id=table_id, seat=5, level="easy")
    assert isinstance(taken, Rejected) and taken.code is RejectionCode.SEAT_TAKEN
    assert isinstance(outside, Rejected) and outside.code is RejectionCode.UNKNOWN_SEAT
    for _ in range(2):
        assert isinstance(await tables.send("SeatAI", table_id=table_id, level="medium"), Accepted)
    full = await tables.send("TakeSeat", table_id=table_id, player_name="Di")
    assert isinstance(full, Rejected) and full.code is RejectionCode.TABLE_FULL


async def test_starting_needs_every_seat_filled_and_happens_once(tables: TableClient) -> None:
    table_id = await _table(tables, players=3, ai_seats={"0": "easy", "1": "easy"})
    early = await tables.send("StartGame", table_id=table_id)
    assert isinstance(early, Rejected) and early.code is RejectionCode.NOT_ENOUGH_PLAYERS
    await tables.send("SeatAI", table_id=table_id, level="easy")
    started = await tables.send("StartGame", table_id=table_id)
    assert isinstance(started, Accepted)
    again = await tables.send("StartGame", table_id=table_id)
    assert isinstance(again, Rejected) and again.code is RejectionCode.GAME_ALREADY_STARTED
    late = await tables.send("TakeSeat", table_id=table_id, player_name="Ed")
    assert isinstance(late, Rejected) and late.code is RejectionCode.GAME_ALREADY_STARTED
    info = await tables.send("GetTable", table_id=table_id)
    assert isinstance(info, TableInfo) and info.table.status == "playing"


async def test_a_stale_expected_version_changes_nothing(tables: TableClient) -> None:
    table_id = await _table(tables, players=3)
    stale = await tables.send("TakeSeat", table_id=table_id, player_name="Fa", expected_version=7)
    assert isinstance(stale, Rejected) and stale.code is RejectionCode.STALE_VERSION
    fresh = await tables.send("TakeSeat", table_id=table_id, player_name="Fa", expected_version=1)
    assert isinstance(fresh, Accepted) and fresh.first_version == 2


async def test_concurrent_takers_of_one_seat_get_one_seat_each_or_seat_taken(
    tables: TableClient,
) -> None:
    table_id = await _table(tables, players=6)
    replies = await asyncio.gather(
        *(tables.send("TakeSeat", table_id=table_id, seat=3, player_name=f"P{i}") for i in range(5))
    )
    accepted = [r for r in replies if isinstance(r, Accepted)]
    assert len(accepted) == 1
    assert all(
        isinstance(r, Rejected) and r.code is RejectionCode.SEAT_TAKEN
        for r in replies
        if r not in accepted
    )


async def test_unknown_tables_and_malformed_requests_get_rejections(tables: TableClient) -> None:
    unknown = await tables.send("TakeSeat", table_id="nosuchtable", player_name="Gu")
    assert isinstance(unknown, Rejected) and unknown.code is RejectionCode.UNKNOWN_TABLE
    missing = await tables.send("GetTable", table_id="nosuchtable")
    assert isinstance(missing, Rejected) and missing.code is RejectionCode.UNKNOWN_TABLE
    for payload in (b"{not json", b"[1, 2]", b'{"command_id": "x", "players": "four"}', b""):
        reply = await tables.raw("CreateTable", payload)
        assert isinstance(reply, Rejected) and reply.code is RejectionCode.MALFORMED
    bad_name = await tables.send("Dance", table_id="x")
    assert isinstance(bad_name, Rejected) and bad_name.code is RejectionCode.MALFORMED
    still_serving = await tables.send("ListTables")
    assert isinstance(still_serving, TableList)


async def test_the_lobby_lists_open_tables_and_follows_their_status(tables: TableClient) -> None:
    open_id = await _table(tables, players=3)
    started_id = await _table(tables, players=3, ai_seats={"0": "easy", "1": "easy", "2": "easy"})
    assert isinstance(await tables.send("StartGame", table_id=started_id), Accepted)

    async def lobby(status: str) -> set[str]:
        reply = await tables.send("ListTables", status=status)
        assert isinstance(reply, TableList)
        return {t.table_id for t in reply.tables}

    async def projected() -> bool:
        return open_id in await lobby("open") and started_id in await lobby("playing")

    await eventually(projected, 10, "both tables in the lobby")
    assert open_id in await lobby("open") and open_id not in await lobby("playing")
    assert started_id in await lobby("playing") and started_id not in await lobby("open")
