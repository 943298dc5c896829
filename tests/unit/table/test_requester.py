"""The table service keys command ids by their sender: its first answer (a seat token) goes
to that identity only, another identity's command of the same id is its own, and the
events say who sent the command."""

from __future__ import annotations

from president.bus.identity import Requester
from president.contract import (
    Accepted,
    AILevel,
    CreateTable,
    Rejected,
    RejectionCode,
    SeatAI,
    TakeSeat,
)
from president.store.memory import InMemoryEventStore

from services.table.application import TableService
from tests.unit.table.test_remembered_rejections import NoLobby

OWNER, RIVAL = Requester("acme-integrator"), Requester("globex-integrator")


async def test_a_take_seat_id_is_its_senders_own_and_answers_it_only() -> None:
    store = InMemoryEventStore()
    service = TableService(store, NoLobby(), "secret")
    await service.handle(CreateTable(command_id="c", table_id="t", players=3), OWNER)
    take = TakeSeat(command_id="take-1", table_id="t", player_name="Ann")

    first = await service.handle(take, OWNER)
    rivals = await service.handle(take, RIVAL)
    anonymous = await service.handle(take, None)
    again = await service.handle(take, OWNER)

    assert isinstance(first, Accepted) and first.seat_token and first.seat == 0
    assert isinstance(again, Accepted) and again.duplicate
    assert again.seat_token == first.seat_token
    # the same id from another identity is another command: another seat, another token
    for other, seat in ((rivals, 1), (anonymous, 2)):
        assert isinstance(other, Accepted) and not other.duplicate and other.seat == seat
        assert other.seat_token and other.seat_token != first.seat_token
    events = await store.read_stream("table-t")
    assert [e.metadata.get("requested_by") for e in events] == [
        "acme-integrator",
        "acme-integrator",
        "globex-integrator",
        None,
    ]


async def test_a_rivals_refused_command_of_an_id_does_not_block_its_owner() -> None:
    store = InMemoryEventStore()
    service = TableService(store, NoLobby(), "secret")
    await service.handle(CreateTable(command_id="c", table_id="t", players=3), OWNER)
    squat = TakeSeat(command_id="take-1", table_id="t", player_name="Eve", seat=4)
    refused = await service.handle(squat, RIVAL)
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.UNKNOWN_SEAT
    assert await service.handle(squat, RIVAL) == refused  # remembered, for the rival

    own = await service.handle(
        TakeSeat(command_id="take-1", table_id="t", player_name="Ann"), OWNER
    )
    assert isinstance(own, Accepted) and own.seat == 0 and own.seat_token


async def test_a_create_table_id_names_a_table_of_its_sender() -> None:
    service = TableService(InMemoryEventStore(), NoLobby(), "secret")
    create = CreateTable(command_id="c", players=3)
    rival = await service.handle(create, RIVAL)
    own = await service.handle(create, OWNER)
    assert isinstance(rival, Accepted) and isinstance(own, Accepted), (rival, own)
    assert rival.table_id != own.table_id and not own.duplicate


async def test_without_a_known_sender_the_first_answer_is_given_again() -> None:
    service = TableService(InMemoryEventStore(), NoLobby(), "secret")
    create = CreateTable(command_id="c", table_id="t", players=3)
    assert isinstance(await service.handle(create), Accepted)
    again = await service.handle(create)
    assert isinstance(again, Accepted) and again.duplicate


async def test_the_same_id_with_another_command_is_reused_and_changes_nothing() -> None:
    store = InMemoryEventStore()
    service = TableService(store, NoLobby(), "secret")
    await service.handle(CreateTable(command_id="c", table_id="t", players=3), OWNER)
    take = TakeSeat(command_id="take-1", table_id="t", player_name="Ann")
    first = await service.handle(take, OWNER)
    assert isinstance(first, Accepted)

    renamed = take.model_copy(update={"player_name": "Bob"})
    other_seat = take.model_copy(update={"seat": 2})
    other_type = SeatAI(command_id="take-1", table_id="t")
    for changed in (renamed, other_seat, other_type):
        refused = await service.handle(changed, OWNER)
        assert isinstance(refused, Rejected), changed
        assert refused.code is RejectionCode.COMMAND_ID_REUSED
        assert refused.command_id == "take-1" and "token" not in refused.detail
    assert len(await store.read_stream("table-t")) == 2  # nothing changed
    assert await service.handle(take, OWNER) == first.model_copy(update={"duplicate": True})
    metadata = (await store.read_stream("table-t"))[1].metadata
    assert metadata["requested_by_role"] == "integrator"
    assert len(metadata["command_fingerprint"]) == 64


async def test_an_identity_may_hold_so_many_open_tables() -> None:
    class Counted(NoLobby):
        def __init__(self, store: InMemoryEventStore):
            self.store = store

        async def open_tables_of(self, requester: str) -> int:
            count = 0
            for stream in ("table-a", "table-b", "table-c"):
                for event in await self.store.read_stream(stream):
                    sent_by = event.metadata["requested_by"]
                    count += event.type == "TableCreated" and sent_by == requester
            return count

    store = InMemoryEventStore()
    service = TableService(store, Counted(store), "s", max_open_tables=2)
    for table in ("a", "b"):
        created = await service.handle(CreateTable(command_id=table, table_id=table), OWNER)
        assert isinstance(created, Accepted)
    refused = await service.handle(CreateTable(command_id="c", table_id="c"), OWNER)
    assert isinstance(refused, Rejected) and refused.code is RejectionCode.TOO_MANY_TABLES
    assert await store.read_stream("table-c") == []
    again = await service.handle(CreateTable(command_id="a", table_id="a"), OWNER)
    assert isinstance(again, Accepted) and again.duplicate  # a resend is no new table
    other = await service.handle(CreateTable(command_id="c", table_id="c"), RIVAL)
    assert isinstance(other, Accepted)  # the limit is per identity


async def test_a_refusal_remembered_before_the_limit_is_still_the_answer_over_it() -> None:
    class Holding(NoLobby):
        held = 0

        async def open_tables_of(self, requester: str) -> int:
            return self.held

    store, lobby = InMemoryEventStore(), Holding()
    service = TableService(store, lobby, "s", max_open_tables=2)
    bad = CreateTable(command_id="bad", table_id="d", players=3, ai_seats={4: AILevel.EASY})
    first = await service.handle(bad, OWNER)
    assert isinstance(first, Rejected) and first.code is RejectionCode.INVALID_OPTIONS
    lobby.held = 2  # the identity now holds its limit of open tables
    assert await service.handle(bad, OWNER) == first  # its first answer, not TOO_MANY_TABLES
    fresh = await service.handle(CreateTable(command_id="new", table_id="e"), OWNER)
    assert isinstance(fresh, Rejected) and fresh.code is RejectionCode.TOO_MANY_TABLES
    assert await store.read_stream("table-e") == []
