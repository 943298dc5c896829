"""The engine's use cases: handle a game command, answer a view query, start a game.

Thin adapters (NATS subscriber, JetStream consumers) call these; every game rule
lives in ``president.rules`` and ``president.game.decide``.
"""

from __future__ import annotations

import json
import logging

from president import fairness
from president.contract import (
    Accepted,
    GameAction,
    GetView,
    Rejected,
    RejectionCode,
    SeatView,
    ViewReply,
    stream_id_of_game,
    stream_id_of_table,
)
from president.game import (
    Appended,
    CorruptGame,
    Game,
    NewSeed,
    Refusal,
    appended,
    decide_action,
    decide_start,
    fold_table,
    start_command_id,
    token_matches,
)
from president.rules import observe
from president.store import AppendResult, ConcurrencyConflict, EventStore, NewEvent

from services.engine.cache import GameCache
from services.engine.ports import Appender, TableSession, TableSessions

log = logging.getLogger(__name__)

_ATTEMPTS = 3


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
    ):
        """``appender`` appends the game streams' events (default: ``store``)."""
        self._store = store
        self._appender: Appender = appender or store
        self._sessions = sessions
        self._secret = secret
        self._new_seed = new_seed
        self.games = cache or GameCache(store)

    # -- commands ----------------------------------------------------------------

    async def handle(self, command: GameAction) -> Accepted | Rejected:
        """Check ``command`` against the table's committed state and append its events."""
        table_id = command.table_id
        async with self.games.lock(table_id):
            for _ in range(_ATTEMPTS):
                try:
                    async with self._sessions.hold(table_id, command.command_id) as session:
                        reply, appended = await self._handle(session, command)
                except ConcurrencyConflict:
                    log.info("table %s: appended to meanwhile; reloading", table_id)
                    self.games.forget(table_id)
                    continue
                except CorruptGame:
                    log.exception("table %s: the log breaks the rules", table_id)
                    return _rejected(command.command_id, RejectionCode.INTERNAL_ERROR, "bad log")
                except BaseException:
                    self.games.forget(table_id)
                    raise
                # Folded only once committed: the cache never runs ahead of the log.
                if appended:
                    self.games.fold(table_id, appended)
                return reply
        return _rejected(command.command_id, RejectionCode.INTERNAL_ERROR, "table too busy")

    async def _handle(
        self, session: TableSession, command: GameAction
    ) -> tuple[Accepted | Rejected, list[Appended]]:
        game = await self.games.load(command.table_id, at_least=session.head_version)
        verdict = await self._judge(game, session, command)
        if isinstance(verdict, Refusal):
            # Refuse only on the log's latest state (the session's head may lag).
            game = await self.games.load(command.table_id)
            verdict = await self._judge(game, session, command)
        if isinstance(verdict, Accepted | Rejected):
            return verdict, []
        if isinstance(verdict, Refusal):
            rejected = _rejected(command.command_id, verdict.code, verdict.detail)
            if verdict.final:
                await session.record_rejection(rejected.model_dump(mode="json"))
            return rejected, []
        result = await self._appender.append(
            stream_id_of_game(game.table_id),
            verdict,
            expected_version=game.version,
            command_id=command.command_id,
        )
        if result.duplicate:  # the log knew this command: our fold was behind
            self.games.forget(game.table_id)
        accepted = Accepted(
            command_id=command.command_id,
            stream_id=result.stream_id,
            first_version=result.first_version,
            last_version=result.last_version,
            positions=list(result.positions),
            duplicate=result.duplicate,
        )
        return accepted, [] if result.duplicate else appended(
            verdict, result.first_version, result.positions
        )

    async def _judge(
        self, game: Game, session: TableSession, command: GameAction
    ) -> Accepted | Rejected | Refusal | list[NewEvent]:
        """The reply to give at once, the refusal to give, or the events to append."""
        refused = await self._check_seat(game, command.seat, command.seat_token)
        if refused is not None:
            return refused
        effect = game.commands.get(command.command_id)
        if effect is not None:
            return Accepted(
                command_id=command.command_id,
                stream_id=stream_id_of_game(game.table_id),
                first_version=effect.first_version,
                last_version=effect.last_version,
                positions=list(effect.positions),
                duplicate=True,
            )
        if session.rejection is not None:
            return Rejected.model_validate_json(json.dumps(session.rejection))
        expected = command.expected_version
        if expected is not None and expected != game.version:
            return Refusal(
                RejectionCode.STALE_VERSION,
                f"expected version {expected}, at {game.version}",
                final=True,
            )
        return decide_action(game, command, self._new_seed)

    async def _check_seat(self, game: Game, seat: int, token: str) -> Refusal | None:
        if game.created is None:
            if await self._store.stream_version(stream_id_of_table(game.table_id)):
                return Refusal(RejectionCode.GAME_NOT_STARTED, "the game has not started yet")
            return Refusal(RejectionCode.UNKNOWN_TABLE, f"no table {game.table_id}")
        if seat >= game.created.players:
            return Refusal(RejectionCode.UNKNOWN_SEAT, f"seats are 0..{game.created.players - 1}")
        if not token_matches(token, game.created.seats[seat].token_sha256):
            return Refusal(RejectionCode.BAD_TOKEN, f"not the token of seat {seat}")
        return None

    # -- queries -----------------------------------------------------------------

    async def view(self, query: GetView) -> ViewReply | Rejected:
        """The seat's view as of the last committed version."""
        async with self.games.lock(query.table_id):
            game = await self.games.load(query.table_id)
            refused = await self._check_seat(game, query.seat, query.seat_token)
            if refused is not None:
                return _rejected(query.command_id, refused.code, refused.detail)
            assert game.state is not None
            return ViewReply(
                command_id=query.command_id,
                table_id=game.table_id,
                seat=query.seat,
                stream_version=game.version,
                view=SeatView.of(observe(game.state, query.seat)),
            )

    # -- game creation -------------------------------------------------------------

    async def start_game(self, table_id: str, causation_id: str = "") -> AppendResult | Refusal:
        """Create the game of a table whose start was requested (idempotent)."""
        table = await self._store.read_stream(stream_id_of_table(table_id))
        decided = decide_start(
            fold_table(table_id, table),
            secret=self._secret,
            seed=self._new_seed(),
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


def _rejected(command_id: str | None, code: RejectionCode, detail: str) -> Rejected:
    return Rejected(command_id=command_id, code=code, detail=detail)
