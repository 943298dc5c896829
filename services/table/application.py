"""The table service's use cases: one method per command, each returning its reply.

Commands are decided on the table's stream, freshly read (table streams are short),
and appended with the version they were decided on and the command id:

- a command id already in the stream gets the reply of its first time (``duplicate``);
- a stale ``expected_version`` is STALE_VERSION; a lost race without one is retried;
- a refusal is remembered (``command_rejections``) and given again to a resent command,
  even when the table has changed since: one command, one answer. Not remembered:
  UNKNOWN_TABLE (the table may be created later; nothing to key it to) and the answer
  to a table that kept changing under every attempt (it says "try again").

Each decision holds its command id (``RejectionMemory.deciding``), so copies of one
command sent at once are decided one after the other.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from president.contract import (
    Accepted,
    CreateTable,
    GetTable,
    ListTables,
    Rejected,
    RejectionCode,
    Reply,
    SeatAI,
    StartGame,
    TableCommand,
    TableInfo,
    TableList,
    TableSummary,
    TakeSeat,
    stream_id_of_table,
)
from president.game import (
    Fact,
    Refusal,
    TableState,
    fold_table,
    metadata,
    seat_token,
    token_sha256,
)
from president.game.table import (
    decide_create,
    decide_seat_ai,
    decide_start_request,
    decide_take_seat,
)
from president.store import (
    AppendResult,
    ConcurrencyConflict,
    EventStore,
    NewEvent,
    RecordedEvent,
)
from president.store.rejections import RejectionMemory

from services.table.lobby_view import status_of, summary_of

log = logging.getLogger(__name__)

ATTEMPTS = 5
UNREMEMBERED = frozenset({RejectionCode.UNKNOWN_TABLE})
Decide = Callable[[TableState], list[Fact] | Refusal]
Writing = CreateTable | TakeSeat | SeatAI | StartGame


class Lobby(Protocol):
    """The lobby read model (a projection of the log)."""

    async def list_tables(self, status: str | None, limit: int = 100) -> list[TableSummary]: ...

    async def get_table(self, table_id: str) -> TableSummary | None: ...


def table_id_for(command_id: str) -> str:
    """The table id of a CreateTable that names none: derived from its command id, so
    the command sent twice names the same stream (and is recognised as a duplicate)."""
    return "t" + hashlib.sha256(command_id.encode()).hexdigest()[:15]


class TableService:
    """The table service's application layer, over an event store and the lobby."""

    def __init__(
        self,
        store: EventStore,
        lobby: Lobby,
        rejections: RejectionMemory,
        token_secret: str,
        actor: str = "table",
    ):
        self._store = store
        self._lobby = lobby
        self._rejections = rejections
        self._secret = token_secret
        self._actor = actor

    async def handle(self, command: TableCommand) -> Reply:
        """The reply to any table command or lobby query."""
        if isinstance(command, CreateTable):
            return await self.create_table(command)
        if isinstance(command, TakeSeat):
            return await self.take_seat(command)
        if isinstance(command, SeatAI):
            return await self.seat_ai(command)
        if isinstance(command, StartGame):
            return await self.start_game(command)
        if isinstance(command, ListTables):
            return await self.list_tables(command)
        return await self.get_table(command)

    async def create_table(self, command: CreateTable) -> Reply:
        table_id = command.table_id or table_id_for(command.command_id)
        return await self._execute(table_id, command, lambda state: decide_create(state, command))

    async def take_seat(self, command: TakeSeat) -> Reply:
        token = seat_token(self._secret, command.table_id, command.command_id)
        reply = await self._execute(
            command.table_id,
            command,
            lambda state: decide_take_seat(
                state,
                seat=command.seat,
                player_name=command.player_name,
                token_sha256=token_sha256(token),
            ),
        )
        if not isinstance(reply, Accepted) or reply.seat is None:
            return reply
        recorded = await self._store.read_stream(reply.stream_id, reply.first_version)
        stored_hash = recorded[0].data.get("token_sha256") if recorded else None
        # A duplicate answered by an instance with another secret cannot give the token back.
        known = stored_hash == token_sha256(token)
        return reply.model_copy(update={"seat_token": token if known else None})

    async def seat_ai(self, command: SeatAI) -> Reply:
        return await self._execute(
            command.table_id,
            command,
            lambda state: decide_seat_ai(state, seat=command.seat, level=command.level),
        )

    async def start_game(self, command: StartGame) -> Reply:
        return await self._execute(
            command.table_id, command, lambda state: decide_start_request(state, self._actor)
        )

    async def list_tables(self, query: ListTables) -> Reply:
        tables = await self._lobby.list_tables(query.status)
        return TableList(command_id=query.command_id, tables=tables)

    async def get_table(self, query: GetTable) -> Reply:
        events = await self._store.read_stream(stream_id_of_table(query.table_id))
        state = fold_table(query.table_id, events)
        if not state.exists:
            return Rejected(
                command_id=query.command_id,
                code=RejectionCode.UNKNOWN_TABLE,
                detail=f"no table {query.table_id}",
            )
        projected = await self._lobby.get_table(query.table_id)
        status = status_of(state, None if projected is None else projected.status)
        return TableInfo(command_id=query.command_id, table=summary_of(state, status))

    # -- the command cycle ------------------------------------------------------

    async def _execute(
        self,
        table_id: str,
        command: Writing,
        decide: Decide,
    ) -> Reply:
        stream_id = stream_id_of_table(table_id)
        async with self._rejections.deciding(stream_id, command.command_id) as deciding:
            if deciding.rejection is not None:
                return Rejected.model_validate_json(json.dumps(deciding.rejection))
            for _ in range(ATTEMPTS):
                reply = await self._attempt(stream_id, table_id, command, decide)
                if reply is None:
                    continue  # another command got in first: decide again on the new state
                if isinstance(reply, Rejected) and reply.code not in UNREMEMBERED:
                    await deciding.remember(reply.model_dump(mode="json"))
                return reply
        return Rejected(
            command_id=command.command_id,
            code=RejectionCode.STALE_VERSION,
            detail=f"table {table_id} kept changing; try again",
        )

    async def _attempt(
        self, stream_id: str, table_id: str, command: Writing, decide: Decide
    ) -> Reply | None:
        """One decision on a fresh read of the stream; None when another append won."""
        events = await self._store.read_stream(stream_id)
        done = [e for e in events if e.metadata.get("command_id") == command.command_id]
        if done:
            return _accepted(command.command_id, table_id, done, duplicate=True)
        state = fold_table(table_id, events)
        if command.expected_version is not None and command.expected_version != state.version:
            return _stale(command.command_id, command.expected_version, state.version)
        outcome = decide(state)
        if isinstance(outcome, Refusal):
            return Rejected(command_id=command.command_id, code=outcome.code, detail=outcome.detail)
        try:
            result = await self._store.append(
                stream_id,
                [self._new_event(fact, command) for fact in outcome],
                expected_version=state.version,
                command_id=command.command_id,
            )
        except ConcurrencyConflict as conflict:
            if command.expected_version is not None:
                return _stale(command.command_id, command.expected_version, conflict.actual)
            return None
        if result.duplicate:  # the same command, decided elsewhere (the store's own check)
            recorded = await self._store.read_stream(stream_id, result.first_version)
            written = [e for e in recorded if e.version <= result.last_version]
            return _accepted(command.command_id, table_id, written, duplicate=True)
        return _accepted_result(command.command_id, table_id, result, outcome)

    def _new_event(self, fact: Fact, command: Writing) -> NewEvent:
        return NewEvent(
            type=fact.type,
            data=fact.data,
            metadata=metadata(
                command.command_id, correlation_id=command.command_id, actor=self._actor
            ),
        )


def _seat_of(facts: Sequence[tuple[str, Mapping[str, Any]]]) -> int | None:
    for event_type, data in facts:
        seat = data.get("seat")
        if event_type in ("SeatTaken", "AISeated") and isinstance(seat, int):
            return seat
    return None


def _accepted(
    command_id: str, table_id: str, events: Sequence[RecordedEvent], *, duplicate: bool
) -> Accepted:
    facts = [(e.type, e.data) for e in events]
    return Accepted(
        command_id=command_id,
        stream_id=events[0].stream_id,
        first_version=events[0].version,
        last_version=events[-1].version,
        positions=[e.position for e in events],
        duplicate=duplicate,
        table_id=table_id,
        seat=_seat_of(facts) if len(events) == 1 else None,
    )


def _accepted_result(
    command_id: str, table_id: str, result: AppendResult, facts: Sequence[Fact]
) -> Accepted:
    single = [(f.type, f.data) for f in facts] if len(facts) == 1 else []
    return Accepted(
        command_id=command_id,
        stream_id=result.stream_id,
        first_version=result.first_version,
        last_version=result.last_version,
        positions=list(result.positions),
        duplicate=result.duplicate,
        table_id=table_id,
        seat=_seat_of(single),
    )


def _stale(command_id: str, expected: int, actual: int) -> Rejected:
    return Rejected(
        command_id=command_id,
        code=RejectionCode.STALE_VERSION,
        detail=f"expected version {expected}, the table is at {actual}",
    )
