"""The lobby's quotas: per client (its key and its address) requests per second, tables
open and games running, AI seats and rounds per game; and the ceilings beyond which it is
``BUSY`` (games in play, tables open, queued AI decisions, its own command budget)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from president.command_path.limits import RateLimits
from president.contract import CreateTable

from services.web.clients import Caller
from services.web.errors import LobbyError

OPEN, GAME = "open", "game"


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


@dataclass(frozen=True)
class Held:
    """A table counted against ``keys`` since ``since`` (monotonic seconds)."""

    keys: tuple[str, ...]
    since: float


class Quotas:
    """The ledger of this process. It runs on one event loop and every check takes what
    it allows with no ``await`` in between, so concurrent requests cannot both take the
    last slot: a slot is held from the check until the command's answer, then kept or
    given back."""

    def __init__(self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic):
        limits = limits or Limits()
        per_address = limits.clients_per_address
        self.limits = limits
        self._clock = clock
        self._clients = RateLimits(limits.client_rate, limits.client_burst, clock=clock)
        self._addresses = RateLimits(
            limits.client_rate * per_address, limits.client_burst * per_address, clock=clock
        )
        self._commands = RateLimits(limits.command_rate, limits.command_burst, clock=clock)
        self._held: dict[str, dict[str, Held]] = {OPEN: {}, GAME: {}}
        self._counts: Counter[tuple[str, str]] = Counter()
        self._pending: Counter[str] = Counter()

    # -- requests ------------------------------------------------------------------

    def arrival(self, address: str) -> None:
        """Take one request of ``address``'s rate, before anything is read of it (429
        ``RATE_LIMITED`` beyond it: a flood of bad logins costs no signature checks)."""
        if not self._addresses.allow_key(address):
            raise LobbyError(429, "RATE_LIMITED", retry_after=1)

    def request(self, caller: Caller) -> None:
        """Take one request of ``caller``'s own rate (429 ``RATE_LIMITED`` beyond it)."""
        if not self._clients.allow_key(caller.key):
            raise LobbyError(429, "RATE_LIMITED", retry_after=1)

    def command(self) -> None:
        """Take one command of this process's budget on the bus (503 ``BUSY``: the table
        service would answer ``RATE_LIMITED`` to every visitor alike beyond it)."""
        if not self._commands.allow_key("web"):
            raise LobbyError(503, "BUSY", retry_after=1)

    # -- tables and games ------------------------------------------------------------

    def open_table(self, caller: Caller, command: CreateTable, ai_backlog: int) -> tuple[str, ...]:
        """Hold a slot of an open table for ``caller`` (give it back with :meth:`cancel`,
        keep it with :meth:`keep`): 422 ``OVER_LIMIT`` (AI seats, rounds), 503 ``BUSY``
        past a ceiling (tables open, games in play, AI backlog), 429 ``TOO_MANY_TABLES``
        when the client or its address holds its limit."""
        limits = self.limits
        if len(command.ai_seats) > limits.ai_seats:
            raise LobbyError(422, "OVER_LIMIT", {"field": "ai", "max": limits.ai_seats})
        if command.options.rounds > limits.rounds:
            raise LobbyError(422, "OVER_LIMIT", {"field": "rounds", "max": limits.rounds})
        self._busy(OPEN, limits.open_tables_total, ai_backlog)
        self._busy(GAME, limits.games_in_play, ai_backlog)  # it could not start
        return self._take(OPEN, caller, limits.open_tables, "TOO_MANY_TABLES")

    def start_game(self, caller: Caller, ai_backlog: int) -> tuple[str, ...]:
        """Hold a slot of a running game for ``caller``: 503 ``BUSY`` past a ceiling, 429
        ``TOO_MANY_GAMES`` when the client or its address runs its limit."""
        self._busy(GAME, self.limits.games_in_play, ai_backlog)
        return self._take(GAME, caller, self.limits.games, "TOO_MANY_GAMES")

    def keep(self, kind: str, keys: tuple[str, ...], table_id: str) -> None:
        """The command of a held slot was accepted: ``table_id`` now counts."""
        self._pending[kind] -= 1
        self._held[kind][table_id] = Held(keys, self._clock())

    def cancel(self, kind: str, keys: tuple[str, ...]) -> None:
        """The command of a held slot was refused: the slot is free again."""
        self._pending[kind] -= 1
        for key in keys:
            self._drop(kind, key)

    def forget(self, kind: str, table_id: str) -> None:
        """``table_id`` no longer counts as ``kind`` (started, closed, finished)."""
        held = self._held[kind].pop(table_id, None)
        for key in held.keys if held is not None else ():
            self._drop(kind, key)

    def adopt(self, kind: str, table_id: str) -> None:
        """Count a table found open or playing at start (a restart forgot whose it is: it
        counts against no client, only towards the ceilings; an open one expires from
        now)."""
        self._held[kind].setdefault(table_id, Held((), self._clock()))

    def held(self, kind: str) -> dict[str, Held]:
        """The tables counted as ``kind``, with since when."""
        return dict(self._held[kind])

    def older_than(self, kind: str, seconds: float) -> list[str]:
        """The tables counted as ``kind`` for ``seconds`` or longer."""
        now = self._clock()
        return [
            table_id for table_id, held in self._held[kind].items() if now - held.since >= seconds
        ]

    def in_use(self, kind: str) -> int:
        return len(self._held[kind]) + self._pending[kind]

    def _busy(self, kind: str, ceiling: int, ai_backlog: int) -> None:
        """503 ``BUSY`` naming the ceiling reached (``ai_backlog``, ``open_tables``,
        ``games_in_play``)."""
        reached = None
        if ai_backlog >= self.limits.ai_backlog:
            reached = "ai_backlog"
        elif self.in_use(kind) >= ceiling:
            reached = "open_tables" if kind == OPEN else "games_in_play"
        if reached is not None:
            params = {"ceiling": reached}
            raise LobbyError(503, "BUSY", params, retry_after=self.limits.retry_after)

    def _take(self, kind: str, caller: Caller, limit: int, code: str) -> tuple[str, ...]:
        keys = (caller.key, f"address:{caller.address}")
        limits = (limit, limit * self.limits.clients_per_address)
        if any(self._counts[kind, key] >= most for key, most in zip(keys, limits, strict=True)):
            raise LobbyError(429, code, {"max": limit})
        for key in keys:
            self._counts[kind, key] += 1
        self._pending[kind] += 1
        return keys

    def _drop(self, kind: str, key: str) -> None:
        self._counts[kind, key] -= 1
        if self._counts[kind, key] <= 0:
            del self._counts[kind, key]
