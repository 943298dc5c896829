"""What the engine does about committed events: create started games, prompt the seats due,
tell the seats whose turn ended, and set the turn clock's alarms; the reactions to its own
commits queued by table (``Reactions``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from president.contract import DEFAULT_AI_BUDGET_MS
from president.game import Game
from president.game.prompts import Prompt, decision_request, prompts_for
from president.rules import Refusal
from president.runtime.outages import log_failure

from services.engine.use_cases import Commit, GameService

log = logging.getLogger(__name__)


class PromptPublisher(Protocol):
    """Publishes turn prompts and decision requests (deduplicated by message id)."""

    async def publish(self, messages: Sequence[Prompt], *, interactive: bool = True) -> None:
        """Publish all of ``messages``; return once every one is stored. ``interactive``:
        they are of a game with a person at the table (its decisions go first)."""
        ...


class Reactor:
    """Reacts to a table's events: a start request (relayed: ``start``) creates the game;
    the events an instance committed prompt the seats whose turn they made due (``on_game``)."""

    def __init__(
        self,
        engine: GameService,
        publisher: PromptPublisher,
        *,
        secret: str,
        watch: Callable[[Game], None],
        prompt_ai_seats: bool = True,
        budget_ms: int = DEFAULT_AI_BUDGET_MS,
    ):
        """``watch(game)``: called with each game folded for a reaction (the turn clock)."""
        self._engine = engine
        self._publisher = publisher
        self._secret = secret
        self._prompt_ai_seats = prompt_ai_seats
        self._budget_ms = budget_ms
        self._watch = watch

    async def start(self, table_id: str, causation_id: str) -> None:
        """Create the game of a table whose start was requested (idempotent)."""
        result = await self._engine.start_game(table_id, causation_id=causation_id)
        if isinstance(result, Refusal):
            log.warning("table %s not started: %s %s", table_id, result.code, result.detail)
        else:
            log.info("table %s: game created (duplicate=%s)", table_id, result.duplicate)

    async def on_game(self, table_id: str, since: int | None, until: int) -> None:
        """Prompt for every turn that began at or after version ``since`` (None: every
        seat due now, as after a reaction that never came: ``services.engine.sweep``). A
        cached fold that reached ``until``, the last version known committed, is used as it is."""
        games = self._engine.games
        async with games.lock(table_id):
            game = await games.load(table_id, at_least=until)
            if since is None:
                since = min(game.turns.values(), default=game.version)
            messages = prompts_for(
                game,
                since,
                secret=self._secret,
                prompt_ai_seats=self._prompt_ai_seats,
                budget_ms=self._budget_ms,
            )
            self._watch(game)
        if messages:
            await self._publisher.publish(messages, interactive=game.has_person)

    async def ask_again(self, table_id: str, seat: int, turn_version: int) -> None:
        """Send AI seat ``seat``'s decision request again (its first one may be lost), if
        its turn since ``turn_version`` is still on."""
        games = self._engine.games
        async with games.lock(table_id):
            game = await games.load(table_id)
            if game.turns.get(seat) != turn_version or game.seat_kind(seat) != "ai":
                return
            request = decision_request(
                game, seat, secret=self._secret, budget_ms=self._budget_ms, attempt=2
            )
        log.info("table %s: seat %s's decision asked again", table_id, seat)
        await self._publisher.publish([request], interactive=game.has_person)


class Reactions:
    """The reactions to this instance's commits. A commit is handed over to :attr:`queue`
    (``put_nowait``: the reply is not kept waiting); the reactions' own task takes it there
    and runs a table's reactions one at a time in commit order, those queued meanwhile as
    one, at most ``limit`` tables at once. A reaction that fails, one beyond the limit and
    one handed over after ``stop`` are left to the sweep (``services.engine.sweep``)."""

    def __init__(self, react: Callable[[str, int, int], Awaitable[None]], *, limit: int = 4096):
        """``react(table_id, first_version, last_version)``: the reaction to a commit. Starts
        the task that takes the commits handed over (in the running event loop)."""
        self._react = react
        self._limit = limit
        self.queue: asyncio.Queue[Commit] = asyncio.Queue()
        """Unbounded: the task takes each commit at once (``limit`` bounds the tables)."""
        self._waiting: dict[str, tuple[int, int]] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._taking = asyncio.create_task(self._take(), name="engine-reactions")

    @property
    def busy(self) -> bool:
        """Whether a commit handed over is not reacted to yet (queued, or its reaction running)."""
        return not self.queue.empty() or bool(self._tasks)

    async def _take(self) -> None:
        """Take each commit handed over, in commit order, to its table's reactions."""
        while True:
            self._queued(*await self.queue.get())

    def _queued(self, table_id: str, first_version: int, last_version: int) -> None:
        """React to the versions an append of this instance committed, once the table's
        earlier reactions ran."""
        if table_id not in self._tasks and len(self._tasks) >= self._limit:
            log.warning("table %s: %d tables reacting; left to the sweep", table_id, self._limit)
            return
        first, last = self._waiting.get(table_id, (first_version, last_version))
        self._waiting[table_id] = (min(first, first_version), max(last, last_version))
        if table_id not in self._tasks:
            self._tasks[table_id] = asyncio.create_task(self._run(table_id))

    async def _run(self, table_id: str) -> None:
        """React to what is queued for the table, one reaction at a time, until none is."""
        try:
            while (versions := self._waiting.pop(table_id, None)) is not None:
                try:
                    await self._react(table_id, *versions)
                except Exception as error:
                    what = f"table {table_id}: reaction to {versions} failed; left to the sweep"
                    log_failure(log, error, what, again=False)
                    if (waiting := self._waiting.get(table_id)) is not None:  # with the next
                        self._waiting[table_id] = (min(versions[0], waiting[0]), waiting[1])
        finally:
            del self._tasks[table_id]

    async def stop(self, grace: float) -> None:
        """Take no more (those handed over until now are queued); finish the reactions
        queued within ``grace`` seconds, cancel the rest."""
        self._taking.cancel()
        await asyncio.gather(self._taking, return_exceptions=True)
        while not self.queue.empty():
            self._queued(*self.queue.get_nowait())
        if tasks := list(self._tasks.values()):
            _, late = await asyncio.wait(tasks, timeout=grace)
            for task in late:
                task.cancel()
            await asyncio.gather(*late, return_exceptions=True)
