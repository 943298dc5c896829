"""The table service's use cases: one method per command, each returning its reply
(decided by ``president.game.table`` through the command path)."""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable
from typing import TypeAlias

from president.bus.auth import SERVICE_ROLES
from president.bus.identity import Requester
from president.command_path import execute, sent
from president.contract import (
    Accepted,
    CloseTable,
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
    TakeSeat,
    stream_id_of_table,
)
from president.game import (
    Fact,
    TableState,
    fold_table,
    seat_token,
    token_sha256,
)
from president.game.table import (
    PUBLIC_LOBBY_ROLE,
    decide_close,
    decide_create,
    decide_seat_ai,
    decide_start_request,
    decide_take_seat,
    opener_refusal,
)
from president.rules import Refusal
from president.store import EventStore, NewEvent, metadata
from president.store.lobby import LobbyStore

from services.table.lobby_view import status_of, summary_of
from services.table.table_log import TableLog

log = logging.getLogger(__name__)

Writing: TypeAlias = CreateTable | TakeSeat | SeatAI | StartGame | CloseTable


def table_id_for(command_id: str, sender: str = "") -> str:
    """The table id of a CreateTable that names none: derived from its command id and its
    sender ('' when anonymous), so the command sent twice names the same stream (and is
    recognised as a duplicate), and another identity's command of that id another one."""
    material = command_id if not sender else json.dumps([sender, command_id])
    return "t" + hashlib.sha256(material.encode()).hexdigest()[:15]


FULL_RECHECK_SECONDS = 1.0
"""How long an identity found holding its limit of open tables stays refused before the
lobby is asked again (the lobby itself lags the log by its poll interval)."""
MAX_FULL_IDENTITIES = 10_000


class TableService:
    """The table service's application layer, over an event store and the lobby."""

    def __init__(
        self,
        store: EventStore,
        lobby: LobbyStore,
        token_secret: str,
        actor: str = "table",
        *,
        max_open_tables: int | None = None,
    ):
        """``max_open_tables``: how many open tables one client identity may hold (None:
        no limit); the services' own identities are not limited."""
        self._store = store
        self._lobby = lobby
        self._secret = token_secret
        self._actor = actor
        self._max_open_tables = max_open_tables
        self._log = TableLog(store)
        self._full: dict[str, tuple[float, int]] = {}
        """Identities found holding their limit: until when that is believed, and the count."""

    async def handle(self, command: TableCommand, requester: Requester | None = None) -> Reply:
        """The reply to any table command or lobby query from ``requester`` (the identity
        whose inbox the reply goes to, ``president.bus.identity``)."""
        if isinstance(command, CreateTable):
            return await self.create_table(command, requester)
        if isinstance(command, TakeSeat):
            return await self.take_seat(command, requester)
        if isinstance(command, SeatAI):
            return await self.seat_ai(command, requester)
        if isinstance(command, StartGame):
            return await self.start_game(command, requester)
        if isinstance(command, CloseTable):
            return await self.close_table(command, requester)
        if isinstance(command, ListTables):
            return await self.list_tables(command)
        return await self.get_table(command)

    async def create_table(self, command: CreateTable, requester: Requester | None = None) -> Reply:
        sender = "" if requester is None else requester.user
        table_id = command.table_id or table_id_for(command.command_id, sender)
        too_many = await self._too_many_tables(requester)
        # In the decision, after the path's duplicate check: a resend gets its first answer.
        return await self._execute(
            table_id,
            command,
            lambda state: too_many if too_many is not None else decide_create(state, command),
            requester,
        )

    async def _too_many_tables(self, requester: Requester | None) -> Refusal | None:
        """TOO_MANY_TABLES when ``requester`` holds its limit of open tables (the lobby's
        count: it may lag the log by its poll interval, so a burst may pass it by a few)."""
        limit = self._max_open_tables
        if limit is None or requester is None or requester.role in SERVICE_ROLES:
            return None
        if requester.role == PUBLIC_LOBBY_ROLE:  # it holds each of its clients to a quota
            return None
        held = await self._open_tables_of(requester.user, limit)
        if held < limit:
            return None
        detail = f"{requester.user} holds {held} open tables; at most {limit}"
        return Refusal(RejectionCode.TOO_MANY_TABLES, detail, params={"max": limit})

    async def _open_tables_of(self, user: str, limit: int) -> int:
        """The lobby's count of ``user``'s open tables; a count at the limit is believed for
        ``FULL_RECHECK_SECONDS`` (the lobby's query joins the log: a CreateTable storm
        would run it for every command), a count below it is asked for every time."""
        now = time.monotonic()
        until, held = self._full.get(user, (0.0, 0))
        if until > now:
            return held
        held = await self._lobby.open_tables_of(user)
        self._full.pop(user, None)
        if held >= limit:
            self._full[user] = (now + FULL_RECHECK_SECONDS, held)
            if len(self._full) > MAX_FULL_IDENTITIES:
                del self._full[next(iter(self._full))]
        return held

    async def take_seat(self, command: TakeSeat, requester: Requester | None = None) -> Reply:
        sender = "" if requester is None else requester.user
        token = seat_token(self._secret, command.table_id, command.command_id, sender)
        reply = await self._execute(
            command.table_id,
            command,
            lambda state: decide_take_seat(
                state,
                seat=command.seat,
                player_name=command.player_name,
                token_sha256=token_sha256(token),
            ),
            requester,
        )
        if not isinstance(reply, Accepted) or reply.seat is None:
            return reply
        recorded = await self._store.read_stream(reply.stream_id, reply.first_version)
        stored_hash = recorded[0].data.get("token_sha256") if recorded else None
        # A duplicate answered by an instance with another secret cannot give the token back.
        known = stored_hash == token_sha256(token)
        return reply.model_copy(update={"seat_token": token if known else None})

    async def seat_ai(self, command: SeatAI, requester: Requester | None = None) -> Reply:
        return await self._execute(
            command.table_id,
            command,
            lambda state: decide_seat_ai(state, seat=command.seat, level=command.level),
            requester,
        )

    async def start_game(self, command: StartGame, requester: Requester | None = None) -> Reply:
        return await self._execute(
            command.table_id,
            command,
            lambda state: decide_start_request(state, self._actor),
            requester,
        )

    async def close_table(self, command: CloseTable, requester: Requester | None = None) -> Reply:
        user = None if requester is None else requester.user
        return await self._execute(
            command.table_id, command, lambda state: decide_close(state, user), requester
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

    async def _execute(
        self,
        table_id: str,
        command: Writing,
        decide: Callable[[TableState], list[Fact] | Refusal],
        requester: Requester | None,
    ) -> Reply:
        user, role = (None, None) if requester is None else (requester.user, requester.role)

        def events(state: TableState) -> list[NewEvent] | Refusal:
            opener = None if isinstance(command, CreateTable) else opener_refusal(state, user, role)
            facts = opener or decide(state)
            if isinstance(facts, Refusal):
                return facts
            meta = metadata(
                command.command_id, correlation_id=command.command_id, actor=self._actor
            )
            return [NewEvent(type=fact.type, data=fact.data, metadata=meta) for fact in facts]

        busy = Refusal(RejectionCode.STALE_VERSION, f"table {table_id} kept changing; try again")
        command_sent = sent(
            table_id,
            stream_id_of_table(table_id),
            command.command_id,
            requester,
            said=command,
            expected_version=command.expected_version,
        )
        return await execute(command_sent, self._log, events, busy=busy)
