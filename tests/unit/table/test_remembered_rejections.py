"""The table service's application on the in-memory store and rejection memory: a refusal
is given again to its command id; UNKNOWN_TABLE is not remembered."""

from __future__ import annotations

from president.contract import (
    Accepted,
    CreateTable,
    Rejected,
    RejectionCode,
    SeatAI,
    StartGame,
    TableSummary,
    TakeSeat,
)
from president.store.memory import InMemoryEventStore

from services.table.application import TableService


class NoLobby:
    async def list_tables(self, status: str | None, limit: int = 100) -> list[TableSummary]:
        return []

    async def get_table(self, table_id: str) -> TableSummary | None:
        return None

    async def open_tables_of(self, requester: str) -> int:
        return 0


def _service() -> TableService:
    return TableService(InMemoryEventStore(), NoLobby(), "secret")


async def test_a_refused_start_is_refused_again_after_the_seats_fill() -> None:
    service = _service()
    await service.handle(CreateTable(command_id="c", table_id="t", players=3))
    start = StartGame(command_id="s1", table_id="t")
    refused = await service.handle(start)
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.NOT_ENOUGH_PLAYERS
    for n in range(3):
        assert isinstance(await service.handle(SeatAI(command_id=f"a{n}", table_id="t")), Accepted)
    assert await service.handle(start) == refused
    assert isinstance(await service.handle(start.model_copy(update={"command_id": "s2"})), Accepted)


async def test_an_unknown_table_is_decided_again_once_the_table_exists() -> None:
    service = _service()
    take = TakeSeat(command_id="k", table_id="t", player_name="Mo")
    refused = await service.handle(take)
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.UNKNOWN_TABLE
    await service.handle(CreateTable(command_id="c", table_id="t", players=3))
    taken = await service.handle(take)
    assert isinstance(taken, Accepted) and taken.seat == 0 and taken.seat_token
