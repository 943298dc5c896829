"""One command id, one answer: a refused table command is refused the same way when
resent, even after the table changed so that a fresh command would be accepted."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from president.contract import Accepted, Rejected, RejectionCode, Reply, TableInfo

from tests.integration.table.conftest import TableClient


async def _table(tables: TableClient, **options: object) -> str:
    reply = await tables.send("CreateTable", **options)
    assert isinstance(reply, Accepted), reply
    assert reply.table_id is not None
    return reply.table_id


def _refused(reply: Reply, code: RejectionCode) -> Rejected:
    assert isinstance(reply, Rejected), reply
    assert reply.code is code, reply
    return reply


def _answer(reply: Reply) -> dict[str, object]:
    """What a reply says, whether or not it is flagged as a duplicate."""
    return reply.model_dump(exclude={"duplicate"})


async def _version(tables: TableClient, table_id: str) -> int:
    info = await tables.send("GetTable", table_id=table_id)
    assert isinstance(info, TableInfo), info
    return info.table.version


async def test_a_start_refused_for_missing_players_stays_refused_once_the_seats_fill(
    tables: TableClient,
) -> None:
    table_id = await _table(tables, players=3, ai_seats={"0": "easy"})
    early = await tables.send("StartGame", command_id="start-early", table_id=table_id)
    _refused(early, RejectionCode.NOT_ENOUGH_PLAYERS)
    assert isinstance(await tables.send("SeatAI", table_id=table_id, level="easy"), Accepted)
    assert isinstance(await tables.send("TakeSeat", table_id=table_id, player_name="Ivo"), Accepted)
    version = await _version(tables, table_id)

    resent = await tables.send("StartGame", command_id="start-early", table_id=table_id)
    assert resent == early
    assert await _version(tables, table_id) == version
    fresh = await tables.send("StartGame", command_id="start-now", table_id=table_id)
    assert isinstance(fresh, Accepted) and fresh.first_version == version + 1


@pytest.mark.parametrize(
    ("command", "fields"), [("TakeSeat", {"player_name": "Jo"}), ("SeatAI", {"level": "medium"})]
)
async def test_a_seat_refused_as_stale_stays_refused_once_the_table_gets_there(
    tables: TableClient, command: str, fields: dict[str, object]
) -> None:
    table_id = await _table(tables, players=4)
    body = {"table_id": table_id, "expected_version": 2, **fields}
    stale = await tables.send(command, command_id="seat-early", **body)
    _refused(stale, RejectionCode.STALE_VERSION)
    assert isinstance(await tables.send("SeatAI", table_id=table_id, level="hard"), Accepted)
    assert await _version(tables, table_id) == 2

    assert await tables.send(command, command_id="seat-early", **body) == stale
    assert await _version(tables, table_id) == 2
    fresh = await tables.send(command, command_id="seat-now", **body)
    assert isinstance(fresh, Accepted) and fresh.seat == 1 and fresh.first_version == 3


async def test_a_create_table_refused_as_stale_is_not_turned_into_table_exists(
    tables: TableClient,
) -> None:
    table_id = f"named-{uuid.uuid4().hex[:8]}"
    body = {"table_id": table_id, "players": 4, "expected_version": 1}
    stale = await tables.send("CreateTable", command_id="create-early", **body)
    _refused(stale, RejectionCode.STALE_VERSION)
    assert isinstance(await tables.send("CreateTable", table_id=table_id, players=4), Accepted)

    assert await tables.send("CreateTable", command_id="create-early", **body) == stale
    exists = await tables.send("CreateTable", command_id="create-late", **body)
    _refused(exists, RejectionCode.TABLE_EXISTS)


async def test_an_accepted_seat_ai_and_start_game_resent_have_one_effect(
    tables: TableClient,
) -> None:
    table_id = await _table(tables, players=3, ai_seats={"0": "easy", "1": "easy"})
    seated = await tables.send("SeatAI", command_id="ai-once", table_id=table_id, level="easy")
    started = await tables.send("StartGame", command_id="start-once", table_id=table_id)
    version = await _version(tables, table_id)
    seated_again = await tables.send(
        "SeatAI", command_id="ai-once", table_id=table_id, level="easy"
    )
    started_again = await tables.send("StartGame", command_id="start-once", table_id=table_id)
    assert isinstance(seated, Accepted) and isinstance(started, Accepted)
    assert seated_again == seated.model_copy(update={"duplicate": True})
    assert started_again == started.model_copy(update={"duplicate": True})
    assert await _version(tables, table_id) == version


async def test_an_unknown_table_is_not_remembered_so_a_later_table_takes_the_command(
    tables: TableClient,
) -> None:
    table_id = f"later-{uuid.uuid4().hex[:8]}"
    early = await tables.send("TakeSeat", command_id="seat-1", table_id=table_id, player_name="Li")
    _refused(early, RejectionCode.UNKNOWN_TABLE)
    assert isinstance(await tables.send("CreateTable", table_id=table_id, players=3), Accepted)
    late = await tables.send("TakeSeat", command_id="seat-1", table_id=table_id, player_name="Li")
    assert isinstance(late, Accepted) and late.seat == 0


async def test_copies_of_one_start_sent_while_the_last_seat_fills_get_one_answer(
    tables: TableClient,
) -> None:
    for attempt in range(5):
        table_id = await _table(tables, players=3, ai_seats={"0": "easy", "1": "easy"})
        start = {"command_id": f"start-race-{attempt}", "table_id": table_id}
        replies = await asyncio.gather(
            *(tables.send("StartGame", **start) for _ in range(3)),
            tables.send("SeatAI", table_id=table_id, level="easy"),
            *(tables.send("StartGame", **start) for _ in range(3)),
        )
        answers = [_answer(r) for r in replies if r.command_id == start["command_id"]]
        assert len(answers) == 6 and all(a == answers[0] for a in answers), answers
        assert _answer(await tables.send("StartGame", **start)) == answers[0]
