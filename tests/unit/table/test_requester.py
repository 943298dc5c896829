"""The table service remembers who sent a command id: its first answer (a seat token) goes
to that identity only, and the events say who sent the command."""

from __future__ import annotations

from president.bus.identity import Requester
from president.contract import Accepted, CreateTable, Rejected, RejectionCode, TakeSeat
from president.store.memory import InMemoryEventStore
from president.store.rejections import InMemoryRejections

from services.table.application import TableService
from tests.unit.table.test_remembered_rejections import NoLobby

OWNER, RIVAL = Requester("acme-integrator"), Requester("globex-integrator")


async def test_a_take_seat_id_answers_its_sender_only() -> None:
    store = InMemoryEventStore()
    service = TableService(store, NoLobby(), InMemoryRejections(), "secret")
    await service.handle(CreateTable(command_id="c", table_id="t", players=3), OWNER)
    take = TakeSeat(command_id="take-1", table_id="t", player_name="Ann")

    first = await service.handle(take, OWNER)
    stolen = await service.handle(take, RIVAL)
    anonymous = await service.handle(take, None)
    again = await service.handle(take, OWNER)

    assert isinstance(first, Accepted) and first.seat_token
    for refused in (stolen, anonymous):
        assert isinstance(refused, Rejected) and refused.code is RejectionCode.COMMAND_ID_REUSED
    assert isinstance(again, Accepted) and again.duplicate
    assert again.seat_token == first.seat_token
    events = await store.read_stream("table-t")
    assert [e.metadata["requested_by"] for e in events] == ["acme-integrator"] * 2


async def test_without_a_known_sender_the_first_answer_is_given_again() -> None:
    service = TableService(InMemoryEventStore(), NoLobby(), InMemoryRejections(), "secret")
    create = CreateTable(command_id="c", table_id="t", players=3)
    assert isinstance(await service.handle(create), Accepted)
    again = await service.handle(create)
    assert isinstance(again, Accepted) and again.duplicate
