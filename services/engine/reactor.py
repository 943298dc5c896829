"""What the engine does about committed events: create started games, prompt the seats due,
tell the seats whose turn ended, and set the turn clock's alarms."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Protocol

from president.contract import DEFAULT_AI_BUDGET_MS, LobbyEvent, PublicEvent
from president.game import Game
from president.game.prompts import Prompt, decision_request, prompts_for
from president.rules import Refusal

from services.engine.use_cases import GameService

log = logging.getLogger(__name__)


class PromptPublisher(Protocol):
    """Publishes turn prompts and decision requests (deduplicated by message id)."""

    async def publish(self, messages: Sequence[Prompt], *, interactive: bool = True) -> None:
        """Publish all of ``messages``; return once every one is stored. ``interactive``:
        they are of a game with a person at the table (its decisions go first)."""
        ...


class Reactor:
    """Reacts to the relayed events: a start request creates the game; a game event
    prompts the seats whose turn it made due."""

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
        """``watch(game)``: called with each game folded for a batch (the turn clock)."""
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

    async def on_game(self, table_id: str, since: int | None, until: int | None = None) -> None:
        """Prompt for every turn that began at or after version ``since`` (None: every
        seat due now, as after a reaction that never came: ``services.engine.sweep``).

        ``until`` is the last relayed version in hand: a cached fold that reached it is
        used without reading the log (it holds committed events only).
        """
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

    async def on_events(self, events: list[PublicEvent | LobbyEvent]) -> None:
        """A batch of one table's events, in order."""
        public = [event for event in events if isinstance(event, PublicEvent)]
        for event in events:
            if isinstance(event, LobbyEvent) and event.event_type == "GameStartRequested":
                await self.start(event.table_id, event.event_id)
        if public:
            versions = [event.version for event in public]
            await self.on_game(public[0].table_id, min(versions), max(versions))
