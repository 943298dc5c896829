"""The engine's use cases: handle a game command, answer a view query, start a game.

Thin adapters (NATS subscriber, JetStream consumers) call these; every game rule
lives in ``president.rules`` and ``president.game.decide``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from president import fairness
from president.ai import Policy, make_policy
from president.bus.identity import Requester
from president.clock import Clock, SystemClock
from president.commands import rejection
from president.contract import (
    Accepted,
    GameWrite,
    GetView,
    Rejected,
    RejectionCode,
    SeatView,
    ViewReply,
    stream_id_of_game,
    stream_id_of_table,
)
from president.game import (
    CorruptGame,
    Game,
    NewSeed,
    Refusal,
    decide_start,
    fold_table,
    seat_clock,
    start_command_id,
    token_matches,
)
from president.game.seats import seat_sender_refusal
from president.rules import Action, observe
from president.rules import SeatView as RulesView
from president.store import AppendResult, ConcurrencyConflict, EventStore

from services.engine.cache import GameCache
from services.engine.cycle import GameCommands, GameRequest, TakeOver
from services.engine.ports import Appender, TableSessions

log = logging.getLogger(__name__)


class Engine:
    """The only writer of ``game-{table_id}`` streams."""

    def __init__(
        self,
        store: EventStore,
        sessions: TableSessions,
        *,
        secret: str,
        new_seed: NewSeed = fairness.new_seed,
        cache: GameCache | None = None,
        appender: Appender | None = None,
        clock: Clock | None = None,
        takeover_seed: int | None = None,
        appended_to: Callable[[Game], None] | None = None,
    ):
        """``appender`` appends the game streams' events (default: ``store``); ``clock``
        times the turns (default: the system's); ``takeover_seed`` seeds the takeover
        level's decisions; ``appended_to(game)`` is told of each game this instance
        appended to, folded (the turn clock)."""
        self._store = store
        self._appender: Appender = appender or store
        self._sessions = sessions
        self._secret = secret
        self._new_seed = new_seed
        self.clock: Clock = clock or SystemClock()
        self._takeover_seed = takeover_seed
        self._policies: dict[str, Policy] = {}
        self.games = cache or GameCache(store)
        self._commands = GameCommands(
            self.games,
            sessions,
            self._appender,
            new_seed,
            check_seat=self._check_seat,
            clock=self.clock,
            appended_to=appended_to,
        )

    # -- commands ----------------------------------------------------------------

    async def handle(
        self, command: GameWrite | TakeOver, requester: Requester | None = None
    ) -> Accepted | Rejected:
        """Check ``command`` from ``requester`` against the table's committed state and
        append its events (which record who sent it: the engine for a takeover)."""
        table_id = command.table_id
        if not isinstance(command, TakeOver):
            unstarted = await self._unstarted(table_id)
            if unstarted is not None:
                return rejection(
                    command.command_id, unstarted.code, unstarted.detail, unstarted.params
                )
        request = command if isinstance(command, TakeOver) else GameRequest(command, requester)
        async with self.games.lock(table_id):
            try:
                return await self._commands.execute(request)
            except CorruptGame:
                log.exception("table %s: the log breaks the rules", table_id)
                return rejection(command.command_id, RejectionCode.INTERNAL_ERROR, "bad log")
            except BaseException:
                self.games.forget(table_id)
                raise

    async def take_over(
        self, table_id: str, seat: int, turn_version: int, command_id: str
    ) -> Accepted | Rejected:
        """Play ``seat``'s turn (due since ``turn_version``) with the table's takeover level,
        once its deadline passed: through the command cycle, under ``command_id``
        (``timeout:...`` or ``takeover:...``: a second try is a duplicate)."""
        return await self.handle(TakeOver(table_id, seat, turn_version, command_id, self._choose))

    def _choose(self, level: str) -> Callable[[RulesView], Action]:
        policy = self._policies.get(level)
        if policy is None:
            policy = self._policies[level] = make_policy(level, seed=self._takeover_seed)

        def choose(view: RulesView) -> Action:
            try:
                action = policy.decide(view)
            except Exception:
                log.exception("takeover level %s failed; playing the first legal action", level)
                return view.legal_actions[0]
            return action if action in view.legal_actions else view.legal_actions[0]

        return choose

    async def _unstarted(self, table_id: str) -> Refusal | None:
        """UNKNOWN_TABLE or GAME_NOT_STARTED for a table whose game stream is empty, at the
        cost of one read: a command for a table no game exists for (a forged one, one sent
        too early) takes no lock, lease or fold. Such a stream holds no command, so the
        refusal is the one the cycle would give (neither is remembered)."""
        if table_id in self.games:
            return None
        if await self._store.stream_version(stream_id_of_game(table_id)):
            return None
        return await self._check_seat(Game(table_id), 0, "", None)

    async def _check_seat(
        self, game: Game, seat: int, token: str, requester: Requester | None
    ) -> Refusal | None:
        """The refusal of a command or query for ``seat`` with ``token`` from ``requester``:
        no such table or seat, not its token, or not an identity that may act for it."""
        if game.created is None:
            if await self._store.stream_version(stream_id_of_table(game.table_id)):
                return Refusal(RejectionCode.GAME_NOT_STARTED, "the game has not started yet")
            return Refusal(RejectionCode.UNKNOWN_TABLE, f"no table {game.table_id}")
        if seat >= game.created.players:
            return Refusal(RejectionCode.UNKNOWN_SEAT, f"seats are 0..{game.created.players - 1}")
        held = game.created.seats[seat]
        if not token_matches(token, held.token_sha256):
            return Refusal(RejectionCode.BAD_TOKEN, f"not the token of seat {seat}")
        if requester is None:
            return seat_sender_refusal(held, None, None)
        return seat_sender_refusal(held, requester.user, requester.role)

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
            refused = await self._check_seat(game, query.seat, query.seat_token, requester)
            if refused is not None:
                return rejection(query.command_id, refused.code, refused.detail, refused.params)
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
        async with self.games.lock(table_id), self._sessions.hold(table_id):
            try:
                return await self._appender.append(
                    stream_id_of_game(table_id),
                    decided,
                    expected_version=0,
                    command_id=start_command_id(table_id),
                )
            except ConcurrencyConflict:
                return Refusal(RejectionCode.GAME_ALREADY_STARTED, f"table {table_id} plays")
