"""The lobby's quotas: per client requests per second (in memory, per replica), tables
open, games running, AI seats and rounds; and the ceilings past which it answers ``BUSY``.
The counts are the ``Ledger``'s, one book for every replica (``services.web.ledger``)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from nats.errors import Error as NatsError
from president.command_path import RateLimits
from president.contract import CreateTable

from services.web.clients import Caller
from services.web.errors import LobbyError
from services.web.ledger import Book, Ledger, MemoryLedger, Slot

T = TypeVar("T")

OPEN, GAME = "open", "game"
PENDING = "pending-"
"""The slot of a command in flight starts so (a table id never does)."""
PENDING_S = 120.0
"""Seconds after which a slot still pending is given back (its replica died before the
command's answer: no answer takes this long)."""


@dataclass(frozen=True)
class Limits:
    """Every limit, one setting each (``WebSettings``: docs/settings.md has the defaults)."""

    client_rate: float = 5.0
    client_burst: int = 20
    clients_per_address: int = 4
    open_tables: int = 2
    games: int = 2
    ai_seats: int = 5
    rounds: int = 20
    open_tables_total: int = 500
    games_in_play: int = 100
    ai_backlog: int = 500
    command_rate: float = 80.0
    command_burst: int = 160
    retry_after: int = 5


class Quotas:
    """The quotas of this process: its rates in memory, its counts in ``ledger`` (shared
    by the replicas). A check and the count it allows are one change of the ledger, so
    concurrent requests (on any replica) cannot both take the last slot: a slot is held
    from the check until the command's answer, then kept or given back."""

    def __init__(
        self,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
        ledger: Ledger | None = None,
        wall: Callable[[], float] = time.time,
    ):
        limits = limits or Limits()
        per_address = limits.clients_per_address
        self.limits = limits
        self.ledger: Ledger = ledger or MemoryLedger()
        self._wall = wall
        self._clients = RateLimits(limits.client_rate, limits.client_burst, clock=clock)
        self._addresses = RateLimits(
            limits.client_rate * per_address, limits.client_burst * per_address, clock=clock
        )
        self._commands = RateLimits(limits.command_rate, limits.command_burst, clock=clock)

    # -- requests ------------------------------------------------------------------

    def arrival(self, address: str) -> None:
        """Take one request of ``address``'s rate, before anything is read of it (429
        ``RATE_LIMITED`` beyond it: a flood of bad logins costs no signature checks)."""
        if not self._addresses.allow(address):
            raise LobbyError(429, "RATE_LIMITED", retry_after=1)

    def request(self, caller: Caller) -> None:
        """Take one request of ``caller``'s own rate (429 ``RATE_LIMITED`` beyond it)."""
        if not self._clients.allow(caller.key):
            raise LobbyError(429, "RATE_LIMITED", retry_after=1)

    def command(self) -> None:
        """Take one command of this process's budget on the bus (503 ``BUSY``: the table
        service would answer ``RATE_LIMITED`` to every visitor alike beyond it)."""
        if not self._commands.allow("web"):
            raise LobbyError(503, "BUSY", retry_after=1)

    # -- tables and games ------------------------------------------------------------

    async def open_table(self, caller: Caller, command: CreateTable, ai_backlog: int) -> str:
        """Hold a slot of an open table for ``caller`` (give it back with :meth:`cancel`,
        keep it with :meth:`keep`): 422 ``OVER_LIMIT`` (AI seats, rounds), 503 ``BUSY``
        past a ceiling (tables open, games in play, AI backlog), 429 ``TOO_MANY_TABLES``
        when the client or its address holds its limit."""
        limits = self.limits
        if len(command.ai_seats) > limits.ai_seats:
            raise LobbyError(422, "OVER_LIMIT", {"field": "ai", "max": limits.ai_seats})
        if command.options.rounds > limits.rounds:
            raise LobbyError(422, "OVER_LIMIT", {"field": "rounds", "max": limits.rounds})
        self._backlog(ai_backlog)

        def take(book: Book) -> str:
            self._busy(book, OPEN, limits.open_tables_total)
            self._busy(book, GAME, limits.games_in_play)  # it could not start
            return self._take(book, OPEN, caller, limits.open_tables, "TOO_MANY_TABLES")

        return await self._change(take)

    async def start_game(self, caller: Caller, ai_backlog: int) -> str:
        """Hold a slot of a running game for ``caller``: 503 ``BUSY`` past a ceiling, 429
        ``TOO_MANY_GAMES`` when the client or its address runs its limit."""
        self._backlog(ai_backlog)
        limits = self.limits

        def take(book: Book) -> str:
            self._busy(book, GAME, limits.games_in_play)
            return self._take(book, GAME, caller, limits.games, "TOO_MANY_GAMES")

        return await self._change(take)

    async def keep(self, kind: str, slot: str, table_id: str) -> None:
        """The command of a held slot was accepted: ``table_id`` now counts."""
        now = self._wall()

        def keep(book: Book) -> None:
            held = book.setdefault(kind, {}).pop(slot, None)
            book[kind][table_id] = Slot(held.keys if held else (), now)

        await self._change(keep)

    async def cancel(self, kind: str, slot: str) -> None:
        """The command of a held slot was refused: the slot is free again."""
        await self.forget(kind, slot)

    async def forget(self, kind: str, table_id: str) -> None:
        """``table_id`` no longer counts as ``kind`` (started, closed, finished)."""
        await self._change(lambda book: book.get(kind, {}).pop(table_id, None))

    async def adopt(self, kind: str, table_ids: Iterable[str]) -> None:
        """Count the tables found open or playing that the ledger lacks (against no client,
        only towards the ceilings; an open one expires from now)."""
        now = self._wall()

        def adopt(book: Book) -> None:
            slots = book.setdefault(kind, {})
            for table_id in table_ids:
                slots.setdefault(table_id, Slot((), now))

        await self._change(adopt)

    async def held(self, kind: str) -> dict[str, Slot]:
        """The tables counted as ``kind``, with since when (no slot still pending)."""
        slots = (await self.ledger.read()).get(kind, {})
        return {slot: held for slot, held in slots.items() if not slot.startswith(PENDING)}

    async def older_than(self, kind: str, seconds: float) -> list[str]:
        """The tables counted as ``kind`` for ``seconds`` or longer."""
        now = self._wall()
        held = await self.held(kind)
        return [table_id for table_id, slot in held.items() if now - slot.since >= seconds]

    async def in_use(self, kind: str) -> int:
        return len((await self.ledger.read()).get(kind, {}))

    async def _change(self, edit: Callable[[Book], T]) -> T:
        try:
            return await self.ledger.change(edit)
        except (TimeoutError, NatsError) as error:  # the bucket did not answer
            raise LobbyError(503, "unavailable") from error

    def _backlog(self, ai_backlog: int) -> None:
        if ai_backlog >= self.limits.ai_backlog:
            self._refuse("ai_backlog")

    def _busy(self, book: Book, kind: str, ceiling: int) -> None:
        """503 ``BUSY`` naming the ceiling reached (``open_tables``, ``games_in_play``)."""
        if len(book.get(kind, {})) >= ceiling:
            self._refuse("open_tables" if kind == OPEN else "games_in_play")

    def _refuse(self, ceiling: str) -> None:
        raise LobbyError(503, "BUSY", {"ceiling": ceiling}, retry_after=self.limits.retry_after)

    def _take(self, book: Book, kind: str, caller: Caller, limit: int, code: str) -> str:
        """Hold a pending slot of ``kind`` for ``caller`` and its address (the pending
        slots of a replica that died before their answer are given back first)."""
        now = self._wall()
        slots = book.setdefault(kind, {})
        for slot in [s for s, h in slots.items() if s.startswith(PENDING)]:
            if now - slots[slot].since >= PENDING_S:
                del slots[slot]
        keys = (caller.key, f"address:{caller.address}")
        limits = (limit, limit * self.limits.clients_per_address)
        for key, most in zip(keys, limits, strict=True):
            if sum(key in held.keys for held in slots.values()) >= most:
                raise LobbyError(429, code, {"max": limit})
        slot = f"{PENDING}{uuid.uuid4().hex}"
        slots[slot] = Slot(keys, now)
        return slot
