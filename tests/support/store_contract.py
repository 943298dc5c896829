"""The one contract of `EventStore`, run unchanged against every implementation.

A subclass named `Test...` provides the `store` fixture and `rewrite`, which replaces a
stream's rows behind the store's back (to play the tamperer for `verify_chain`). The
writer-lock sessions, the relay lease connections and the lobby have theirs
(`RelayLeaseContract`, `LobbyContract`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from president.contract import TableSummary, stream_id_of_table
from president.store import (
    GENESIS_HASH,
    ConcurrencyConflict,
    DuplicateEventId,
    EventStore,
    NewEvent,
    RecordedEvent,
)
from president.store.chain import event_hash
from president.store.lobby import LobbyRows, LobbyStore
from president.store.relay_leases import RelayLeaseConnection

ConnectRelay = Callable[[], Awaitable[RelayLeaseConnection]]


def _events(*types: str) -> list[NewEvent]:
    return [NewEvent(t, {"n": i, "type": t}) for i, t in enumerate(types)]


def _fold(state: dict[str, Any], event: RecordedEvent) -> dict[str, Any]:
    return {"count": state.get("count", 0) + 1, "sum": state.get("sum", 0) + event.data["n"]}


class EventStoreContract:
    """Behaviours every `EventStore` has."""

    @pytest.fixture
    def stream(self) -> str:
        return f"s-{uuid.uuid4().hex[:12]}"

    async def rewrite(self, store: Any, stream_id: str, events: list[RecordedEvent]) -> None:
        raise NotImplementedError

    # --- appending ---------------------------------------------------------------------

    async def test_numbers_versions_from_one(self, store: EventStore, stream: str) -> None:
        first = await store.append(stream, _events("A", "B"), expected_version=0)
        second = await store.append(stream, _events("C"), expected_version=2)
        assert (first.first_version, first.last_version, first.duplicate) == (1, 2, False)
        assert (second.first_version, second.last_version) == (3, 3)
        assert first.positions[0] < first.positions[1] < second.positions[0]
        assert [e.version for e in await store.read_stream(stream)] == [1, 2, 3]

    async def test_records_what_was_appended(self, store: EventStore, stream: str) -> None:
        new = NewEvent("Dealt", {"hands": [[1, 2], [3]], "é": "ü"}, {"actor": "p1"}, 2)
        result = await store.append(stream, [new], expected_version=None)
        [event] = await store.read_stream(stream)
        assert (event.stream_id, event.version, event.event_id) == (stream, 1, new.event_id)
        assert (event.type, event.schema_version) == ("Dealt", 2)
        assert event.position == result.positions[0]
        assert event.data == {"hands": [[1, 2], [3]], "é": "ü"}
        assert event.metadata == {"actor": "p1"}
        assert event.prev_hash == GENESIS_HASH
        assert isinstance(event.tx_id, int) and event.recorded_at.tzinfo is not None

    async def test_reads_a_stream_from_a_version(self, store: EventStore, stream: str) -> None:
        await store.append(stream, _events("A", "B", "C"), expected_version=0)
        assert [e.type for e in await store.read_stream(stream, from_version=2)] == ["B", "C"]
        assert await store.read_stream("no-such-stream") == []

    async def test_knows_a_stream_version(self, store: EventStore, stream: str) -> None:
        assert await store.stream_version(stream) == 0
        await store.append(stream, _events("A", "B"), expected_version=None)
        assert await store.stream_version(stream) == 2

    async def test_refuses_an_empty_append(self, store: EventStore, stream: str) -> None:
        with pytest.raises(ValueError):
            await store.append(stream, [], expected_version=None)

    async def test_version_zero_means_the_stream_must_not_exist(
        self, store: EventStore, stream: str
    ) -> None:
        await store.append(stream, _events("A"), expected_version=0)
        with pytest.raises(ConcurrencyConflict) as raised:
            await store.append(stream, _events("B"), expected_version=0)
        assert (raised.value.stream_id, raised.value.expected, raised.value.actual) == (
            stream,
            0,
            1,
        )

    async def test_a_stale_expectation_writes_nothing(self, store: EventStore, stream: str) -> None:
        await store.append(stream, _events("A", "B"), expected_version=0)
        with pytest.raises(ConcurrencyConflict):
            await store.append(stream, _events("C", "D", "E"), expected_version=1)
        with pytest.raises(ConcurrencyConflict):
            await store.append(stream, _events("C"), expected_version=3)
        assert [e.type for e in await store.read_stream(stream)] == ["A", "B"]

    async def test_no_expectation_appends_at_the_end(self, store: EventStore, stream: str) -> None:
        await store.append(stream, _events("A"), expected_version=None)
        result = await store.append(stream, _events("B"), expected_version=None)
        assert result.first_version == 2

    async def test_a_repeated_event_id_writes_nothing(self, store: EventStore, stream: str) -> None:
        [event] = _events("A")
        await store.append(stream, [event], expected_version=0)
        with pytest.raises(DuplicateEventId):
            await store.append(stream, [NewEvent("B", {}), event], expected_version=1)
        with pytest.raises(DuplicateEventId):
            await store.append(f"{stream}-other", [event], expected_version=None)
        assert await store.stream_version(stream) == 1
        assert await store.stream_version(f"{stream}-other") == 0

    async def test_only_one_of_racing_appends_wins(self, store: EventStore, stream: str) -> None:
        await store.append(stream, _events("A"), expected_version=0)
        outcomes = await asyncio.gather(
            *(store.append(stream, _events(f"B{i}"), expected_version=1) for i in range(5)),
            return_exceptions=True,
        )
        assert sum(isinstance(o, ConcurrencyConflict) for o in outcomes) == 4
        assert await store.stream_version(stream) == 2

    async def test_racing_appends_without_expectation_all_land(
        self, store: EventStore, stream: str
    ) -> None:
        await asyncio.gather(
            *(store.append(stream, _events(f"E{i}"), expected_version=None) for i in range(8))
        )
        assert [e.version for e in await store.read_stream(stream)] == list(range(1, 9))
        assert (await store.verify_chain(stream)).ok

    # --- idempotent commands -----------------------------------------------------------

    async def test_a_repeated_command_returns_the_original_result(
        self, store: EventStore, stream: str
    ) -> None:
        await store.append(stream, _events("A"), expected_version=0)
        command = _events("B", "C")
        original = await store.append(stream, command, expected_version=1, command_id="c1")
        await store.append(stream, _events("D"), expected_version=3)
        again = await store.append(stream, command, expected_version=1, command_id="c1")
        assert again == dataclasses.replace(original, duplicate=True)
        assert [e.type for e in await store.read_stream(stream)] == ["A", "B", "C", "D"]

    async def test_a_repeated_command_without_expectation_writes_nothing(
        self, store: EventStore, stream: str
    ) -> None:
        original = await store.append(stream, _events("A"), expected_version=None, command_id="c")
        again = await store.append(stream, _events("A"), expected_version=None, command_id="c")
        assert again.duplicate and again.positions == original.positions
        assert await store.stream_version(stream) == 1

    async def test_a_retried_command_with_the_same_events_writes_nothing(
        self, store: EventStore, stream: str
    ) -> None:
        command = _events("A", "B")
        original = await store.append(stream, command, expected_version=None, command_id="c")
        again = await store.append(stream, command, expected_version=None, command_id="c")
        assert again == dataclasses.replace(original, duplicate=True)

    async def test_command_ids_are_per_stream(self, store: EventStore, stream: str) -> None:
        await store.append(stream, _events("A"), expected_version=0, command_id="c")
        other = await store.append(f"{stream}-b", _events("A"), expected_version=0, command_id="c")
        assert not other.duplicate

    async def test_command_ids_are_per_sender(self, store: EventStore, stream: str) -> None:
        mine = await store.append(
            stream, _events("A"), expected_version=0, command_id="c", sender="acme-integrator"
        )
        theirs = await store.append(
            stream, _events("B"), expected_version=1, command_id="c", sender="evil-integrator"
        )
        anonymous = await store.append(stream, _events("C"), expected_version=2, command_id="c")
        assert not theirs.duplicate and not anonymous.duplicate
        again = await store.append(
            stream, _events("A"), expected_version=0, command_id="c", sender="acme-integrator"
        )
        assert again == dataclasses.replace(mine, duplicate=True)
        assert [e.type for e in await store.read_stream(stream)] == ["A", "B", "C"]

    async def test_a_command_id_goes_into_the_metadata(
        self, store: EventStore, stream: str
    ) -> None:
        await store.append(stream, _events("A", "B"), expected_version=0, command_id="cmd-7")
        assert [e.metadata["command_id"] for e in await store.read_stream(stream)] == ["cmd-7"] * 2

    async def test_racing_repeats_of_a_command_act_once(
        self, store: EventStore, stream: str
    ) -> None:
        results = await asyncio.gather(
            *(
                store.append(stream, _events("A", "B"), expected_version=None, command_id="once")
                for _ in range(6)
            )
        )
        assert sorted(r.duplicate for r in results) == [False] + [True] * 5
        assert len({r.positions for r in results}) == 1
        assert await store.stream_version(stream) == 2

    # --- holding a stream ---------------------------------------------------------------

    async def test_a_remembered_refusal_comes_back_to_its_command_only(
        self, store: EventStore, stream: str
    ) -> None:
        refusal = {"code": "NOT_YOUR_TURN", "detail": "wait"}
        async with store.hold(stream, "c1") as held:
            assert held.refusal is None
            await held.remember(refusal)
            await held.remember({"code": "OTHER"})  # the first one stays
        async with store.hold(stream, "c1") as again:
            assert again.refusal == refusal
        async with store.hold(stream, "c2") as other:
            assert other.refusal is None
        async with store.hold(f"{stream}-x", "c1") as elsewhere:
            assert elsewhere.refusal is None

    async def test_a_remembered_refusal_is_its_senders_only(
        self, store: EventStore, stream: str
    ) -> None:
        refusal = {"code": "WRONG_PHASE", "detail": "not now"}
        async with store.hold(stream, "ai:t:5:2", sender="evil-integrator") as squatted:
            await squatted.remember(refusal)
        async with store.hold(stream, "ai:t:5:2", sender="ai-worker") as real:
            assert real.refusal is None
            await real.remember({"code": "NOT_YOUR_TURN"})
        async with store.hold(stream, "ai:t:5:2") as anonymous:
            assert anonymous.refusal is None
        async with store.hold(stream, "ai:t:5:2", sender="evil-integrator") as again:
            assert again.refusal == refusal
        async with store.hold(stream, "ai:t:5:2", sender="ai-worker") as real_again:
            assert real_again.refusal == {"code": "NOT_YOUR_TURN"}

    async def test_a_refusal_remembered_outside_a_hold_comes_back_to_its_holds(
        self, store: EventStore, stream: str
    ) -> None:
        refusal = {"code": "NOT_YOUR_TURN", "detail": "wait"}
        await store.remember_refusal(stream, "c1", refusal, "p1")
        await store.remember_refusal(stream, "c1", {"code": "OTHER"}, "p1")  # the first stays
        async with store.hold(stream, "c1", sender="p1") as held:
            assert held.refusal == refusal
        async with store.hold(stream, "c1", sender="p2") as other_sender:
            assert other_sender.refusal is None
        async with store.hold(stream, "c1") as anonymous:
            assert anonymous.refusal is None
        await store.remember_refusal(stream, "c1", {"code": "WRONG_PHASE"})
        async with store.hold(stream, "c1") as anonymous_again:
            assert anonymous_again.refusal == {"code": "WRONG_PHASE"}

    async def test_every_refusal_remembered_on_a_stream_is_read_back_by_sender_and_id(
        self, store: EventStore, stream: str
    ) -> None:
        assert await store.refusals(stream) == {}
        await store.remember_refusal(stream, "c1", {"code": "NOT_YOUR_TURN"}, "p1")
        await store.remember_refusal(stream, "c1", {"code": "OTHER"}, "p1")  # the first stays
        await store.remember_refusal(stream, "c1", {"code": "WRONG_PHASE"}, "p2")
        await store.remember_refusal(f"{stream}-other", "c2", {"code": "OTHER"}, "p1")
        assert await store.refusals(stream) == {
            ("p1", "c1"): {"code": "NOT_YOUR_TURN"},
            ("p2", "c1"): {"code": "WRONG_PHASE"},
        }

    async def test_one_hold_of_a_stream_at_a_time(self, store: EventStore, stream: str) -> None:
        async def write() -> None:  # reads the head, lets the others run, appends after it
            async with store.hold(stream):
                version = await store.stream_version(stream)
                await asyncio.sleep(0)
                await store.append(stream, _events("A"), expected_version=version)

        await asyncio.wait_for(asyncio.gather(*(write() for _ in range(8))), 30)
        assert await store.stream_version(stream) == 8  # no append met a conflict

    # --- the global log ----------------------------------------------------------------

    async def test_reads_the_log_in_position_order_and_resumes(
        self, store: EventStore, stream: str
    ) -> None:
        streams = [f"{stream}-{i}" for i in range(3)]
        for round_ in range(3):
            for name in streams:
                await store.append(name, _events(f"R{round_}"), expected_version=None)
        seen: list[RecordedEvent] = []
        after = 0
        while batch := await store.read_all(after_position=after, limit=4):
            assert len(batch) <= 4
            seen.extend(batch)
            after = batch[-1].position
        positions = [e.position for e in seen]
        assert positions == sorted(positions) and len(set(positions)) == len(positions)
        mine = [(e.stream_id, e.type) for e in seen if e.stream_id in streams]
        assert mine == [(name, f"R{r}") for r in range(3) for name in streams]

    async def test_reads_the_logs_stamps_as_its_events_without_their_data(
        self, store: EventStore, stream: str
    ) -> None:
        await store.append(stream, _events(*"ABC"), expected_version=0)
        await store.append(f"{stream}-other", _events("D"), expected_version=0)
        start = (await store.read_stream(stream))[0].position - 1
        events = await store.read_all(after_position=start, limit=10_000)
        entries = await store.read_stamps(after_position=start, limit=10_000)
        assert [
            (e.position, e.stream_id, e.version, e.event_id, e.type, e.recorded_at) for e in events
        ] == [dataclasses.astuple(entry) for entry in entries]
        assert [e.type for e in entries if e.stream_id.startswith(stream)][-4:] == list("ABCD")
        page = await store.read_stamps(after_position=entries[0].position, limit=2)
        assert page == entries[1:3]

    async def test_reads_the_log_of_some_types_only(self, store: EventStore, stream: str) -> None:
        await store.append(stream, _events(*"ABAB"), expected_version=0)
        start = (await store.read_stream(stream))[0].position - 1
        mine = [e for e in await store.read_all(start, types=["B"]) if e.stream_id == stream]
        assert [(e.type, e.version) for e in mine] == [("B", 2), ("B", 4)]
        (first,) = await store.read_all(start, limit=1, types=["B"])
        assert first.version == 2 and first.data == mine[0].data
        assert [e for e in await store.read_all(start, types=[]) if e.stream_id == stream] == []

    async def test_replays_the_log_page_by_page(self, store: Any, stream: str) -> None:
        await store.append(stream, _events(*"ABCDE"), expected_version=0)
        start = (await store.read_stream(stream))[0].position - 1
        pages = [page async for page in store.replay(after_position=start, page=2)]
        assert all(len(page) <= 2 for page in pages)
        replayed = [e for page in pages for e in page]
        assert replayed == await store.read_all(after_position=start, limit=10_000)
        assert [e.type for e in replayed if e.stream_id == stream] == list("ABCDE")

    async def test_a_replay_left_early_leaves_the_store_usable(
        self, store: Any, stream: str
    ) -> None:
        await store.append(stream, _events(*"ABCDE"), expected_version=0)
        async for _page in store.replay(page=1):
            break
        assert await store.stream_version(stream) == 5

    # --- the hash chain ----------------------------------------------------------------

    async def test_hashes_follow_the_documented_canonical_form(
        self, store: EventStore, stream: str
    ) -> None:
        await store.append(stream, _events("A", "B"), expected_version=0)
        previous = GENESIS_HASH
        for e in await store.read_stream(stream):
            assert e.prev_hash == previous
            assert e.hash == event_hash(
                e.stream_id, e.version, e.event_id, e.type, e.schema_version, e.data,
                e.metadata, e.prev_hash,
            )  # fmt: skip
            previous = e.hash

    async def test_an_untouched_chain_verifies(self, store: EventStore, stream: str) -> None:
        await store.append(stream, _events("A", "B"), expected_version=0)
        await store.append(stream, _events("C"), expected_version=2, command_id="x")
        report = await store.verify_chain(stream)
        assert report.ok and report.checked == 3 and report.stream_id == stream

    async def _tampered(self, store: EventStore, stream: str, change: Any) -> list[tuple[int, str]]:
        await store.append(stream, _events(*"ABCDE"), expected_version=0)
        events = await store.read_stream(stream)
        await self.rewrite(store, stream, change(events))
        report = await store.verify_chain(stream)
        return sorted({(p.version, p.kind) for p in report.problems})

    async def test_finds_an_edited_event(self, store: EventStore, stream: str) -> None:
        def edit(events: list[RecordedEvent]) -> list[RecordedEvent]:
            events[2] = dataclasses.replace(events[2], data={"n": 99, "type": "C"})
            return events

        assert await self._tampered(store, stream, edit) == [(3, "edited")]

    async def test_finds_a_removed_event(self, store: EventStore, stream: str) -> None:
        def remove(events: list[RecordedEvent]) -> list[RecordedEvent]:
            del events[1]
            return events

        assert await self._tampered(store, stream, remove) == [(3, "broken_link"), (3, "missing")]

    async def test_finds_an_inserted_event(self, store: EventStore, stream: str) -> None:
        def insert(events: list[RecordedEvent]) -> list[RecordedEvent]:
            forged = dataclasses.replace(
                events[2], event_id=uuid.uuid4(), type="Forged", position=10**12 + 7
            )
            shifted = [dataclasses.replace(e, version=e.version + 1) for e in events[2:]]
            return [*events[:2], forged, *shifted]

        problems = await self._tampered(store, stream, insert)
        assert (3, "edited") in problems  # the forged event does not hash as claimed
        assert {v for v, _ in problems} == {3, 4, 5, 6}  # and every shifted event is off

    async def test_finds_reordered_events(self, store: EventStore, stream: str) -> None:
        def swap(events: list[RecordedEvent]) -> list[RecordedEvent]:
            second, third = events[1], events[2]
            return [
                events[0],
                dataclasses.replace(third, version=2),
                dataclasses.replace(second, version=3),
                *events[3:],
            ]

        problems = await self._tampered(store, stream, swap)
        assert (3, "out_of_order") in problems
        assert {v for v, _ in problems} == {2, 3, 4}


class RelayLeaseContract:
    """Behaviours every relay lease connection (``president.store.relay_leases``) has: a
    subclass provides ``connect`` (a new connection to one shared store per call)."""

    @pytest.fixture
    def name(self) -> str:
        return f"relay-{uuid.uuid4().hex[:12]}"

    @pytest.fixture
    async def relays(self, connect: ConnectRelay) -> AsyncIterator[list[RelayLeaseConnection]]:
        """Two relays' connections, closed after the test."""
        opened = [await connect() for _ in range(2)]
        yield opened
        for connection in opened:
            await connection.close()

    async def test_a_lease_has_one_holder_and_each_taking_a_new_epoch(
        self, relays: list[RelayLeaseConnection], name: str
    ) -> None:
        a, b = relays
        first = await a.take(name, "a", 30)
        assert first is not None
        assert await b.take(name, "b", 30) is None
        again = await a.take(name, "a", 30)  # its holder takes it again
        assert again == first + 1
        assert await a.renew(name, again, 30)
        assert not await a.renew(name, first, 30)  # a stale epoch renews nothing

    async def test_a_released_or_expired_lease_goes_to_the_next_taker(
        self, relays: list[RelayLeaseConnection], name: str
    ) -> None:
        a, b = relays
        first = await a.take(name, "a", 30)
        assert first is not None
        await a.release(name, first)
        second = await b.take(name, "b", 0.2)
        assert second == first + 1
        async with asyncio.timeout(10):
            while (third := await a.take(name, "a", 30)) is None:  # noqa: ASYNC110
                await asyncio.sleep(0.05)  # the store's clock runs the lease out
        assert third == second + 1
        await b.release(name, second)  # a stale release changes nothing
        assert await b.take(name, "b", 30) is None

    async def test_a_checkpoint_moves_forward_under_the_current_epoch_only(
        self, relays: list[RelayLeaseConnection], name: str
    ) -> None:
        a, b = relays
        assert await a.load_checkpoint(name) is None
        old = await a.take(name, "a", 30)
        assert old is not None and await a.save_checkpoint(name, 5, old)
        assert await a.save_checkpoint(name, 3, old)  # never moves back
        assert await b.load_checkpoint(name) == 5
        await a.release(name, old)
        new = await b.take(name, "b", 30)
        assert new is not None
        assert not await a.save_checkpoint(name, 9, old)
        assert await b.save_checkpoint(name, 7, new)
        assert await a.load_checkpoint(name) == 7

    async def test_a_closed_connection_is_no_longer_used(
        self, connect: ConnectRelay, name: str
    ) -> None:
        connection = await connect()
        await connection.close()
        with pytest.raises(Exception):  # noqa: B017 (each store fails its own way)
            await connection.take(name, "a", 30)


def _summary(table_id: str, status: str = "open") -> TableSummary:
    return TableSummary.model_validate(
        {"table_id": table_id, "players": 4, "options": {}, "status": status, "seats": []}
    )


class LobbyContract:
    """Behaviours every lobby store (``president.store.lobby``) has: a subclass provides
    ``store`` and ``lobby`` (the lobby beside that store)."""

    @pytest.fixture
    def consumer(self) -> str:
        return f"lobby-{uuid.uuid4().hex[:12]}"

    @pytest.fixture
    def ids(self) -> list[str]:
        tag = uuid.uuid4().hex[:8]
        return [f"t{tag}-{n}" for n in range(3)]

    async def test_a_step_writes_its_rows_and_moves_the_position_once(
        self, lobby: LobbyStore, consumer: str, ids: list[str]
    ) -> None:
        async def first(rows: LobbyRows) -> None:
            assert await rows.load(ids) == {}
            await rows.upsert(_summary(ids[0]), 10)

        assert await lobby.position(consumer) == 0
        assert await lobby.project(consumer, 5, first)
        assert await lobby.position(consumer) == 5
        assert not await lobby.project(consumer, 5, first)  # reached already: skipped

        async def second(rows: LobbyRows) -> None:
            assert await rows.load(ids) == {ids[0]: _summary(ids[0])}
            await rows.upsert(_summary(ids[0], "playing"), 99)

        assert await lobby.project(consumer, 8, second)
        assert await lobby.get_table(ids[0]) == _summary(ids[0], "playing")
        assert await lobby.get_table(ids[1]) is None

    async def test_a_failed_step_writes_nothing(
        self, lobby: LobbyStore, consumer: str, ids: list[str]
    ) -> None:
        async def failing(rows: LobbyRows) -> None:
            await rows.upsert(_summary(ids[0]), 1)
            raise RuntimeError("the step fails")

        with pytest.raises(RuntimeError):
            await lobby.project(consumer, 3, failing)
        assert await lobby.position(consumer) == 0
        assert await lobby.get_table(ids[0]) is None

    async def test_lists_the_newest_first_and_by_status(
        self, lobby: LobbyStore, consumer: str, ids: list[str]
    ) -> None:
        async def write(rows: LobbyRows) -> None:
            await rows.upsert(_summary(ids[0]), 10**9 + 1)
            await rows.upsert(_summary(ids[1], "finished"), 10**9 + 3)
            await rows.upsert(_summary(ids[2]), 10**9 + 2)

        await lobby.project(consumer, 1, write)
        listed = [t.table_id for t in await lobby.list_tables(None, 3)]
        assert listed == [ids[1], ids[2], ids[0]]
        assert [t.table_id for t in await lobby.list_tables("open", 2)] == [ids[2], ids[0]]

    async def test_counts_the_open_tables_of_a_requester_and_the_games_in_play(
        self, store: EventStore, lobby: LobbyStore, consumer: str, ids: list[str]
    ) -> None:
        for table_id, requester in zip(ids, ("alice", "alice", "bob"), strict=True):
            created = NewEvent("TableCreated", {}, {"requested_by": requester})
            await store.append(stream_id_of_table(table_id), [created], expected_version=0)
        playing_before = await lobby.games_in_play()

        async def write(rows: LobbyRows) -> None:
            await rows.upsert(_summary(ids[0]), 1)
            await rows.upsert(_summary(ids[1], "playing"), 2)
            await rows.upsert(_summary(ids[2]), 3)

        await lobby.project(consumer, 1, write)
        assert await lobby.open_tables_of("alice") == 1
        assert await lobby.open_tables_of("bob") == 1
        assert await lobby.open_tables_of("carol") == 0
        assert await lobby.games_in_play() == playing_before + 1
