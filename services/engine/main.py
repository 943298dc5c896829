"""Composition root of an engine process: ``create_app(settings)`` wires the engine's two
NATS connections, its store, reactor, clocks and sweeps; nothing connects before ``start()``."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from nats.aio.client import Client
from president import fairness
from president.bus.command_server import CommandServer, open_command_connection
from president.bus.connect import NatsCredentials, ReconnectPolicy, connect
from president.bus.streams import StreamLimits, ensure_streams
from president.clock import Clock, SystemClock
from president.command_path import BUSY, RateLimits, admit, run
from president.contract import GAME_COMMANDS, Subjects
from president.game.decide import NewSeed
from president.runtime import Runtime
from president.runtime.checks import close_nats, close_store, nats_check, postgres_check
from president.runtime.lifecycle import stop_task
from president.runtime.liveness import StallWatch
from president.settings import MissingSecretError, load_settings
from president.store.postgres import PostgresEventStore

from services.engine.cache import GameCache
from services.engine.group_commit import GroupCommit
from services.engine.jetstream import EventConsumer, JetStreamPrompts
from services.engine.partitions import Partitions
from services.engine.periodic import every
from services.engine.reactor import Reactions, Reactor
from services.engine.settings import EngineSettings
from services.engine.sweep import UnreactedSweep
from services.engine.turn_clock import Alarm, TurnClock
from services.engine.use_cases import Commit, GameService

log = logging.getLogger(__name__)

GRACE_SECONDS = 10.0
REACTIONS_GRACE_SECONDS = 5.0
QUEUE_GROUP = "engine"


class EngineApp:
    """The connections and background tasks of one engine instance."""

    def __init__(
        self,
        settings: EngineSettings,
        database_url: str,
        nats_url: str,
        clock: Clock | None = None,
    ):
        self.settings = settings
        self.clock: Clock = SystemClock() if clock is None else clock
        self.turn_clock: TurnClock | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.subjects = Subjects(settings.subject_prefix)
        self._database_url = database_url
        self._nats_url = nats_url
        assert settings.token_secret is not None
        self._token_secret: str = settings.token_secret
        self._store: PostgresEventStore | None = None
        self._nats: Client | None = None
        self._command_nats: Client | None = None
        self._engine: GameService | None = None
        self._commands: CommandServer | None = None
        self._partitions: Partitions | None = None
        self._stop = asyncio.Event()
        self._events: EventConsumer | None = None
        self._reactions: Reactions | None = None
        self._sweep: UnreactedSweep | None = None

    @property
    def engine(self) -> GameService:
        if self._engine is None:
            raise RuntimeError("the engine process has not started")
        return self._engine

    @property
    def partitions(self) -> Partitions | None:
        """The partitions this instance owns, once it takes commands."""
        return self._partitions

    @property
    def reactor_consumer(self) -> EventConsumer | None:
        """The reactor's consumer of the lobby events (its position, its state), once
        started."""
        return self._events

    async def start(self, runtime: Runtime | None = None) -> None:
        """Connect, start the reactor, the clocks, the sweeps and the command subscriber."""
        settings, clock = self.settings, self.clock
        runtime = runtime or Runtime(settings.instance_id)
        store = self._store = await PostgresEventStore.connect(
            self._database_url, min_size=2, max_size=settings.engine_pool_size
        )
        client = self._nats = await connect(
            self._nats_url,
            f"president-{settings.instance_id}",
            NatsCredentials.from_settings(settings),
            policy=ReconnectPolicy.of(settings),
            watch=runtime.nats_watch(),
        )
        command_client = self._command_nats = await open_command_connection(
            self._nats_url,
            f"president-{settings.instance_id}",
            settings,
            client,
            watch=runtime.nats_watch(),
        )
        cache = GameCache(store, settings.engine_cache_size, budget_mb=settings.engine_cache_mb)
        partitions = self._partitions = Partitions(
            command_client,
            self.subjects,
            settings.instance_id,
            gained=self._subscribe,
            lost=self._drain,
            forget=cache.forget_partitions,
        )

        async def fire(alarm: Alarm) -> None:
            if alarm.kind == "reask":
                await reactor.ask_again(alarm.table_id, alarm.seat, alarm.turn_version)
                return
            reply = await engine.take_over(
                alarm.table_id, alarm.seat, alarm.turn_version, alarm.command_id
            )
            log.info("table %s: %s -> %s", alarm.table_id, alarm.command_id, reply.type)

        async def react(table_id: str, first_version: int, last_version: int) -> None:
            await reactor.on_game(table_id, first_version, last_version)

        turn_clock = self.turn_clock = TurnClock(clock, fire)
        reactions = self._reactions = Reactions(react)
        engine, commands = command_side(
            store,
            command_client,
            settings,
            self.subjects,
            clock=clock,
            cache=cache,
            react=reactions.queue.put_nowait,
            owns=partitions.owns,
        )
        self._engine, self._commands = engine, commands
        js = client.jetstream()
        await ensure_streams(js, self.subjects, StreamLimits.from_settings(settings))

        reactor = Reactor(
            engine,
            # on the command account's identity: the seats' account hears its prompts
            JetStreamPrompts(command_client, self.subjects),
            secret=self._token_secret,
            prompt_ai_seats=settings.engine_prompt_ai_seats,
            budget_ms=settings.engine_ai_budget_ms,
            watch=turn_clock.watch,
        )
        consumer = self._events = EventConsumer(
            client,
            self.subjects,
            reactor.start,
            secret=self._token_secret,
            batch=settings.engine_consumer_batch,
            check_every=settings.engine_consumer_check,
        )
        self._sweep = UnreactedSweep(
            store,
            clock,
            reactor.on_game,
            reactor.start,
            owns=partitions.owns,
            grace=settings.engine_reaction_grace,
            limit=settings.engine_reaction_limit,
        )
        if command_client is not client:
            runtime.health.add("nats commands", nats_check(command_client))
        await commands.start()
        await partitions.start()  # the sweep's first pass takes the partitions gained
        background = self._background(store, engine, turn_clock, consumer, self._sweep)
        for name, work in background.items():
            task = asyncio.create_task(work, name=name)
            runtime.supervise(task, "the reactor" if name == "engine-reactor" else name)
            self._tasks.append(task)
        runtime.health.add("nats", nats_check(client))
        runtime.health.add("postgres", postgres_check(store.pool))
        runtime.health.add("reactor", consumer.health)
        log.info("engine %s: started on prefix %s", settings.instance_id, self.subjects.prefix)

    def _background(
        self,
        store: PostgresEventStore,
        engine: GameService,
        turn_clock: TurnClock,
        consumer: EventConsumer,
        unreacted: UnreactedSweep,
    ) -> dict[str, Coroutine[Any, Any, None]]:
        """The engine's background work by task name: the reactor, the turn clock and the
        periodic looks at stalled tables (``president_stalled_tables``) and at the tables of
        its partitions whose last event got no reaction (the reaction sets their alarms
        again: a restart's, a dead instance's)."""
        settings, clock, stop = self.settings, self.clock, self._stop
        stalls = StallWatch(
            store, engine.load, clock, grace=settings.stall_grace, after=settings.stall_after
        )
        sweep, reaction = settings.engine_clock_sweep, settings.engine_reaction_sweep
        stop.clear()
        return {
            "engine-reactor": consumer.run(stop),
            "engine-turn-clock": turn_clock.run(stop),
            "engine-stall-watch": every(sweep, stalls.look, stop, name="engine-stall-watch"),
            "engine-reaction-sweep": every(
                reaction, unreacted.sweep, stop, name="engine-reaction-sweep", wake=unreacted.wake
            ),
        }

    async def stop(self) -> None:
        """Give the partitions away, answer the commands in hand, stop the reactor, the
        clocks and the sweeps, finish the reactions to this instance's commits, disconnect."""
        if self._partitions is not None:  # the others take them before they are drained
            await self._partitions.leave()
        if self._commands is not None:
            await self._commands.stop(GRACE_SECONDS)
            self._commands = None
        self._stop.set()
        for task in self._tasks:
            await stop_task(task, 5)
        self._tasks = []
        if self._reactions is not None:  # the last commits' (takeovers', creations' too)
            await self._reactions.stop(REACTIONS_GRACE_SECONDS)
        if self._command_nats is not None and self._command_nats is not self._nats:
            await close_nats(self._command_nats)
        self._command_nats = None
        if self._nats is not None:
            await close_nats(self._nats)
        if self._store is not None:
            await close_store(self._store, self._store.pool)
            self._store = None
        log.info("engine %s: stopped", self.settings.instance_id)

    async def _subscribe(self, partitions: set[int]) -> None:
        """Take the commands of ``partitions`` (gained), and react at once to their tables
        in play (the owner before may have died between a commit and its reaction)."""
        if self._commands is not None:
            for partition in sorted(partitions):
                subject = self.subjects.game_partition(partition)
                await self._commands.subscribe(subject, shared=False)
        if self._sweep is not None:
            self._sweep.gained(partitions)

    async def _drain(self, partitions: set[int]) -> None:
        """Answer the commands of ``partitions`` (lost) in hand, take no more."""
        if self._commands is not None:
            subjects = [self.subjects.game_partition(p) for p in partitions]
            await asyncio.gather(*(self._commands.drain(s, GRACE_SECONDS) for s in subjects))


def command_side(
    store: PostgresEventStore,
    client: Client,
    settings: EngineSettings,
    subjects: Subjects,
    *,
    clock: Clock,
    cache: GameCache,
    react: Callable[[Commit], None],
    owns: Callable[[str], bool],
    new_seed: NewSeed = fairness.new_seed,
) -> tuple[GameService, CommandServer]:
    """The engine's use cases over ``store`` and their command subscriber on ``client``, as
    an engine process wires them (``president route`` traces a command through them, with
    a ``new_seed`` of its own: known deals); ``react``: the reactions to its commits."""
    assert settings.token_secret is not None
    engine = GameService(
        store,
        secret=settings.token_secret,
        new_seed=new_seed,
        cache=cache,
        appender=GroupCommit(store) if settings.engine_group_commit else store,
        clock=clock,
        takeover_seed=settings.engine_takeover_seed,
        react=react,
        owns=owns,
    )
    limits = RateLimits(settings.command_rate, settings.command_burst)
    commands = CommandServer(
        client,
        # as they were sent (for one release, while servers without the partition
        # mapping reload); the partitions this instance owns come with ``Partitions``
        subjects.game_commands,
        QUEUE_GROUP,
        functools.partial(admit, accepts=GAME_COMMANDS, kind="game", limits=limits),
        functools.partial(run, handle=engine.handle, kind="game", service="engine"),
        max_workers=settings.engine_max_workers,
        service="engine",
        busy=BUSY,
    )
    return engine, commands


def create_app(
    settings: EngineSettings | None = None,
    *,
    database_url: str | None = None,
    nats_url: str | None = None,
    clock: Clock | None = None,
) -> EngineApp:
    """The engine app. Servers: the arguments, else the settings (``president serve``
    fills in the embedded ones on a laptop; a production process never starts servers)."""
    settings = settings or load_settings(cls=EngineSettings)
    database_url = database_url or settings.database_url
    nats_url = nats_url or settings.nats_url
    if database_url is None or nats_url is None:
        raise ValueError("the engine needs PRESIDENT_DATABASE_URL and PRESIDENT_NATS_URL")
    if not settings.token_secret:
        raise MissingSecretError("the engine needs PRESIDENT_TOKEN_SECRET (no default is safe)")
    return EngineApp(settings, database_url, nats_url, clock)
