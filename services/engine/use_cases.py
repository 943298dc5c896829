"""The engine's use cases: decide a game command, take a turn over, answer a view query,
start a game. Rules live in ``president.rules`` and ``president.game``."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

from president import fairness
from president.ai import Policy, make_policy
from president.bus.identity import Requester
from president.clock import Clock, SystemClock
from president.command_path import execute, sent
from president.contract import (
    Accepted,
    Away,
    Back,
    GameWrite,
    GetView,
    Leave,
    Rejected,
    RejectionCode,
    SeatView,
    ViewReply,
    stream_id_of_game,
    stream_id_of_table,
)
from president.game import Game, fold_table, start_command_id
from president.game.decide import (
    Decided,
    NewSeed,
    decide_action,
    decide_presence,
    decide_start,
    decide_takeover,
    late_command,
)
from president.game.fold import appended
from president.game.prompts import seat_clock
from president.game.seats import seat_refusal
from president.rules import Action, Observation, Refusal, observe
from president.store import Appender, AppendResult, ConcurrencyConflict, EventStore

from services.engine.cache import GameCache, GameLog, owns_all

log = logging.getLogger(__name__)

ATTEMPTS = 3
"""Decisions of one command before a table that keeps moving is answered busy."""
ENGINE = Requester("engine")
"""Who a takeover is recorded as sent by: the engine itself."""
Commit = tuple[str, int, int]
"""``(table_id, first_version, last_version)``: what an append of this instance committed."""


class GameService:
    """The only writer of ``game-{table_id}`` streams."""

    def __init__(
        self,
        store: EventStore,
        *,
        secret: str,
        new_seed: NewSeed = fairness.new_seed,
        cache: GameCache | None = None,
        appender: Appender | None = None,
        clock: Clock | None = None,
        takeover_seed: int | None = None,
        react: Callable[[Commit], None] | None = None,
        owns: Callable[[str], bool] = owns_all,
    ):
        """``appender`` appends the game streams' events (default: ``store``); ``clock``
        times the turns (default: the system's); ``takeover_seed`` seeds the takeover
        level's decisions; ``react((table_id, first, last))`` hands each commit of this
        instance over to its reaction (``Reactions.queue.put_nowait``: the next seats'
        prompts and the turn clock's alarms); ``owns(table_id)``: whether this instance
        owns the table's partition (``Partitions.owns``; default: one engine, all)."""
        self._store = store
        self._appender: Appender = store if appender is None else appender
        self._secret = secret
        self._new_seed = new_seed
        self.clock: Clock = SystemClock() if clock is None else clock
        self._takeover_seed = takeover_seed
        self._policies: dict[str, Policy] = {}
        # ``is None``, not ``or``: a configured cache is empty (falsy) when it is handed in
        self.games = GameCache(store) if cache is None else cache
        self._react = react
        self._log = GameLog(store, self.games, self._appender, self._committed, owns)

    # -- commands ----------------------------------------------------------------

    async def handle(
        self, command: GameWrite | GetView, requester: Requester | None = None
    ) -> Accepted | Rejected | ViewReply:
        """Answer ``command`` from ``requester``: a view query with the seat's view; a game
        command refused at once unless its seat's credentials hold (on the game as this
        instance knows it: they never change), else decided on the table's committed state
        and its events appended (recording who sent it)."""
        if isinstance(command, GetView):
            return await self.view(command, requester)
        table_id = command.table_id
        user, role = (None, None) if requester is None else (requester.user, requester.role)
        known = self.games.peek(table_id)
        if known is None:
            if not await self._store.stream_version(stream_id_of_game(table_id)):
                # No game: refused at the cost of a read or two, with no lock or fold
                # (a forged table id, a command sent too early). Never remembered.
                return Rejected.of(await self._no_game(table_id), command.command_id)
            known = await self.load(table_id)
        # The seat's credentials are the game's creation's, which never change: checked
        # once, on the fold as this instance knows it (a forged token costs no hold).
        forged = seat_refusal(known, command.seat, command.seat_token, user, role)
        if forged is not None:
            return Rejected.of(forged, command.command_id)

        now = self.clock.now()  # the time of the decision (of each attempt, if it races)
        decide: Callable[[Game], Decided | Refusal] = (
            functools.partial(decide_presence, command=command, now=now)
            if isinstance(command, Leave | Away | Back)
            else functools.partial(decide_action, command=command, new_seed=self._new_seed, now=now)
        )
        return await execute(
            sent(
                table_id,
                stream_id_of_game(table_id),
                command.command_id,
                requester,
                said=command,
                expected_version=command.expected_version,
            ),
            self._log,
            decide,
            stale=functools.partial(late_command, command=command),
            attempts=ATTEMPTS,
        )

    def _committed(self, game: Game, decided: Decided, result: AppendResult) -> None:
        """The effects of a commit of this instance (a command's, a takeover's, a game's
        creation): the cached fold takes the events (or is forgotten when the log already
        had them: the fold was behind), and the reaction to them (the next seats' prompts,
        the turn clock's alarms) is queued, to run here after the reply."""
        if result.duplicate:
            self.games.forget(game.table_id)
        else:
            # folded only once committed: the cache never runs ahead of the log
            folded = appended(decided.events, result.first_version, result.positions)
            self.games.fold(game.table_id, folded, decided)
        if self._react is not None:
            self._react((game.table_id, result.first_version, result.last_version))

    async def take_over(
        self, table_id: str, seat: int, turn_version: int, command_id: str
    ) -> Accepted | Rejected:
        """Play ``seat``'s turn (due since ``turn_version``) with the table's takeover level,
        once its deadline passed, under ``command_id`` (``timeout:...`` or ``takeover:...``:
        a second try, by any engine, is a duplicate)."""

        def decide(game: Game) -> Decided | Refusal:
            level = "easy" if game.created is None else game.created.options.takeover_level
            return decide_takeover(
                game,
                seat,
                turn_version,
                now=self.clock.now(),
                choose=self._choose(level),
                command_id=command_id,
                level=level,
                new_seed=self._new_seed,
            )

        command = sent(table_id, stream_id_of_game(table_id), command_id, ENGINE)
        return await execute(command, self._log, decide, attempts=ATTEMPTS)

    def _choose(self, level: str) -> Callable[[Observation], Action]:
        policy = self._policies.get(level)
        if policy is None:
            policy = self._policies[level] = make_policy(level, seed=self._takeover_seed)

        def choose(view: Observation) -> Action:
            try:
                action = policy.decide(view)
            except Exception:
                log.exception("takeover level %s failed; playing the first legal action", level)
                return view.legal_actions[0]
            return action if action in view.legal_actions else view.legal_actions[0]

        return choose

    async def _no_game(self, table_id: str) -> Refusal:
        """GAME_NOT_STARTED for a table whose game is not created yet, else UNKNOWN_TABLE."""
        if await self._store.stream_version(stream_id_of_table(table_id)):
            return Refusal(RejectionCode.GAME_NOT_STARTED, "the game has not started yet")
        return Refusal(RejectionCode.UNKNOWN_TABLE, f"no table {table_id}")

    # -- queries -----------------------------------------------------------------

    async def load(self, table_id: str) -> Game:
        """The game as the log holds it now (its cached fold caught up)."""
        async with self.games.lock(table_id):
            return await self.games.load(table_id)

    async def view(
        self, query: GetView, requester: Requester | None = None
    ) -> ViewReply | Rejected:
        """The seat's view as of the last committed version, for an identity that may act
        for the seat."""
        async with self.games.lock(query.table_id):
            game = await self.games.load(query.table_id)
            user, role = (None, None) if requester is None else (requester.user, requester.role)
            refused = seat_refusal(game, query.seat, query.seat_token, user, role)
            if refused is not None and game.created is None:
                refused = await self._no_game(query.table_id)
            if refused is not None:
                return Rejected.of(refused, query.command_id)
            assert game.state is not None
            return ViewReply(
                command_id=query.command_id,
                table_id=game.table_id,
                seat=query.seat,
                stream_version=game.version,
                view=SeatView.of(observe(game.state, query.seat)),
                clock=seat_clock(game, query.seat, self.clock.now()),
            )

    # -- game creation -------------------------------------------------------------

    async def start_game(self, table_id: str, causation_id: str = "") -> AppendResult | Refusal:
        """Create the game of a table whose start was requested (idempotent)."""
        table = await self._store.read_stream(stream_id_of_table(table_id))
        decided = decide_start(
            fold_table(table_id, table),
            secret=self._secret,
            seed=self._new_seed(),
            now=self.clock.now(),
            causation_id=causation_id,
        )
        if isinstance(decided, Refusal):
            return decided
        async with self.games.lock(table_id):
            try:
                result = await self._appender.append(
                    stream_id_of_game(table_id),
                    decided,
                    expected_version=0,
                    command_id=start_command_id(table_id),
                )
            except ConcurrencyConflict:
                return Refusal(RejectionCode.GAME_ALREADY_STARTED, f"table {table_id} plays")
            self._committed(Game(table_id), Decided(decided), result)  # not cached: read
            return result
