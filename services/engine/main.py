"""Composition root of an engine process: ``create_app(settings)`` wires the engine's two
NATS connections, its store, reactor, clocks and sweeps; nothing connects before ``start()``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import asyncpg
from nats.aio.client import Client
from nats.aio.msg import Msg
from president.bus.connect import NatsCredentials, ReconnectPolicy, connect
from president.bus.identity import Requester
from president.bus.requests import CommandServer, open_command_connection
from president.bus.streams import StreamLimits, ensure_streams
from president.clock import Clock, SystemClock
from president.command_path import BUSY, RateLimits
from president.contract import Subjects
from president.game import Game
from president.runtime import Runtime
from president.runtime.checks import close_nats, close_store, nats_check, postgres_check
from president.runtime.liveness import StallWatch
from president.settings import MissingSecretError, load_settings
from president.store import Appender
from president.store.postgres import PostgresEventStore
from president.store.writer_locks import postgres_lock_sessions

from services.engine.engine import Engine
from services.engine.mechanisms.cache import GameCache
from services.engine.mechanisms.group_commit import GroupCommit
from services.engine.mechanisms.jetstream import EventConsumer, JetStreamPrompts
from services.engine.mechanisms.periodic import Leadership, every
from services.engine.mechanisms.reactor import Reactor
from services.engine.mechanisms.sessions import PostgresTableSessions
from services.engine.mechanisms.sweep import UnreactedSweep
from services.engine.mechanisms.table_leases import TableLeases
from services.engine.mechanisms.turn_clock import Alarm, LogDeadlineFacts, OverdueSweep, TurnClock
from services.engine.requests import admit_request, run_request
from services.engine.settings import EngineSettings

log = logging.getLogger(__name__)

QUEUE_GROUP = "engine"
GRACE_SECONDS = 10.0


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
        self.clock: Clock = clock or SystemClock()
        self.turn_clock: TurnClock | None = None
        self._clock_tasks: list[asyncio.Task[None]] = []
        self.subjects = Subjects(settings.subject_prefix)
        self._database_url = database_url
        self._nats_url = nats_url
        assert settings.token_secret is not None
        self._token_secret: str = settings.token_secret
        self._store: PostgresEventStore | None = None
        self._nats: Client | None = None
        self._command_nats: Client | None = None
        self._engine: Engine | None = None
        self._leases: TableLeases | None = None
        self._commands: CommandServer | None = None
        self._stop = asyncio.Event()
        self._consumer: asyncio.Task[None] | None = None
        self._events: EventConsumer | None = None

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            raise RuntimeError("the engine process has not started")
        return self._engine

    @property
    def reactor_consumer(self) -> EventConsumer | None:
        """The reactor's consumer (its position, its state), once started."""
        return self._events

    async def start(self, runtime: Runtime | None = None) -> None:
        """Connect, start the reactor and the command subscriber."""
        settings = self.settings
        runtime = runtime or Runtime(settings.instance_id)
        self._store = await PostgresEventStore.connect(
            self._database_url, min_size=2, max_size=settings.engine_pool_size
        )
        self._nats = await connect(
            self._nats_url,
            f"president-{settings.instance_id}",
            NatsCredentials.from_settings(settings),
            policy=ReconnectPolicy.of(settings),
            watch=runtime.nats_watch(),
        )
        engine = self._engine = Engine(
            self._store,
            await self._table_sessions(self._store, self._nats),
            secret=self._token_secret,
            cache=GameCache(
                self._store, settings.engine_cache_size, budget_mb=settings.engine_cache_mb
            ),
            appender=self._appender(self._store),
            clock=self.clock,
            takeover_seed=settings.engine_takeover_seed,
            appended_to=self._watch,
        )
        js = self._nats.jetstream()
        await ensure_streams(js, self.subjects, StreamLimits.from_settings(settings))

        async def fire(alarm: Alarm) -> None:
            if alarm.kind == "reask":
                await reactor.ask_again(alarm.table_id, alarm.seat, alarm.turn_version)
                return
            reply = await engine.take_over(
                alarm.table_id, alarm.seat, alarm.turn_version, alarm.command_id
            )
            log.info("table %s: %s -> %s", alarm.table_id, alarm.command_id, reply.type)

        turn_clock = self.turn_clock = TurnClock(self.clock, fire)
        reactor = Reactor(
            engine,
            JetStreamPrompts(self._nats, self.subjects),
            secret=self._token_secret,
            prompt_ai_seats=settings.engine_prompt_ai_seats,
            budget_ms=settings.engine_ai_budget_ms,
            watch=self._watch,
        )
        consumer = self._events = EventConsumer(
            js,
            self.subjects,
            reactor.on_events,
            secret=self._token_secret,
            batch=settings.engine_consumer_batch,
            check_every=settings.engine_consumer_check,
        )
        self._stop.clear()
        self._consumer = asyncio.create_task(consumer.run(self._stop), name="engine-reactor")
        runtime.supervise(self._consumer, "the reactor")
        self._start_clocks(engine, turn_clock, runtime)
        self._start_sweep(reactor, runtime)
        await self._start_commands(engine, runtime)
        runtime.health.add("nats", nats_check(self._nats))
        runtime.health.add("postgres", postgres_check(self._store.pool))
        runtime.health.add("reactor", self._reactor_check)
        log.info("engine %s: started on prefix %s", settings.instance_id, self.subjects.prefix)

    def _start_clocks(self, engine: Engine, turn_clock: TurnClock, runtime: Runtime) -> None:
        """The turn clock's alarms, the sweep for overdue turns (a restart's, another
        instance's) and the stall watch (``president_stalled_tables``), each a supervised
        task."""
        assert self._store is not None
        settings = self.settings
        sweep = OverdueSweep(
            LogDeadlineFacts(self._store),
            self.clock,
            engine.load,
            turn_clock,
            grace=settings.engine_clock_grace,
        )
        stalls = StallWatch(
            self._store,
            engine.load,
            self.clock,
            grace=settings.stall_grace,
            after=settings.stall_after,
        )
        looks = {"engine-clock-sweep": sweep.sweep, "engine-stall-watch": stalls.look}
        self._clock_tasks = [
            asyncio.create_task(turn_clock.run(self._stop), name="engine-turn-clock"),
            *(
                asyncio.create_task(
                    every(settings.engine_clock_sweep, look, self._stop, name=name), name=name
                )
                for name, look in looks.items()
            ),
        ]
        for task in self._clock_tasks:
            runtime.supervise(task, task.get_name())

    def _start_sweep(self, reactor: Reactor, runtime: Runtime) -> None:
        """The sweep for tables whose last event got no reaction (a supervised task, on
        the engine holding the sweep's lease)."""
        assert self._store is not None
        settings = self.settings
        sweep = UnreactedSweep(
            self._store,
            self.clock,
            reactor.react_again,
            reactor.start,
            grace=settings.engine_reaction_grace,
            limit=settings.engine_reaction_limit,
        )
        # One engine of the deployment at a time: it acts on what it finds.
        leader = Leadership(
            self._store,
            f"engine-reaction-sweep:{self.subjects.prefix}",
            settings.instance_id,
            seconds=3 * settings.engine_reaction_sweep,
        )
        name = "engine-reaction-sweep"
        task = asyncio.create_task(
            every(
                settings.engine_reaction_sweep, sweep.sweep, self._stop, name=name, leader=leader
            ),
            name=name,
        )
        self._clock_tasks.append(task)
        runtime.supervise(task, task.get_name())

    async def _start_commands(self, engine: Engine, runtime: Runtime) -> None:
        """The game-command subscriber (queue group ``engine``) on the command account's
        connection: admission (size, rate, parse) before a command takes a slot, then the
        command cycle."""
        assert self._nats is not None
        settings = self.settings
        limits = RateLimits(settings.command_rate, settings.command_burst)
        client = self._command_nats = await open_command_connection(
            self._nats_url,
            f"president-{settings.instance_id}",
            settings,
            self._nats,
            watch=runtime.nats_watch(),
        )
        if client is not self._nats:
            runtime.health.add("nats commands", nats_check(client))

        def admit(message: Msg, requester: Requester | None) -> object:
            return admit_request(message.subject, message.data, requester, limits)

        async def answer(message: Msg, command: Any, requester: Requester | None) -> bytes:
            return await run_request(engine, message.subject, command, requester)

        self._commands = CommandServer(
            client,
            self.subjects.game_commands,
            QUEUE_GROUP,
            admit,
            answer,
            max_workers=settings.engine_max_workers,
            service="engine",
            busy=BUSY,
        )
        await self._commands.start()

    async def _reactor_check(self) -> str | None:
        if self._events is not None and self._events.problem is not None:
            return f"the reactor's consumer {self._events.problem}; healing it"
        if self._events is None or not self._events.bound:
            return "the reactor's consumer is not bound"
        return None

    async def stop(self) -> None:
        """Stop taking commands, answer those in hand, stop the reactor, disconnect."""
        if self._commands is not None:
            await self._commands.stop(GRACE_SECONDS)
            self._commands = None
        if self._command_nats is not None and self._command_nats is not self._nats:
            await close_nats(self._command_nats)
        self._command_nats = None
        await self._stop_reactor()
        if self._leases is not None:
            await self._leases.close()
            self._leases = None
        if self._nats is not None:
            await close_nats(self._nats)
        if self._store is not None:
            await close_store(self._store, self._store.pool)
            self._store = None
        log.info("engine %s: stopped", self.settings.instance_id)

    def _watch(self, game: Game) -> None:
        """The turn clock takes a game's new deadlines (from the reactor, or at once from
        an append of this instance)."""
        if self.turn_clock is not None:
            self.turn_clock.watch(game)

    def _appender(self, store: PostgresEventStore) -> Appender:
        return GroupCommit(store) if self.settings.engine_group_commit else store

    async def _table_sessions(
        self, store: PostgresEventStore, client: Client
    ) -> PostgresTableSessions:
        """Per-command table locks, and leases unless they are turned off."""
        settings = self.settings
        if settings.engine_lease_idle <= 0:
            return PostgresTableSessions(store)
        leases = self._leases = TableLeases(
            postgres_lock_sessions(self._connect_database),
            idle=settings.engine_lease_idle,
            capacity=settings.engine_lease_capacity,
        )

        async def asked(message: Msg) -> None:
            leases.asked(message.data.decode(errors="replace"))

        await client.subscribe(yield_subject(self.subjects), cb=asked)
        return PostgresTableSessions(store, leases, self._ask_for_table)

    async def _connect_database(self) -> asyncpg.Connection:
        return await asyncpg.connect(self._database_url)

    async def _ask_for_table(self, table_id: str) -> None:
        if self._nats is not None:
            await self._nats.publish(yield_subject(self.subjects), table_id.encode())

    async def _stop_reactor(self) -> None:
        self._stop.set()
        for task in self._clock_tasks:
            try:
                await asyncio.wait_for(task, 5)
            except TimeoutError:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._clock_tasks = []
        if self._consumer is not None:
            try:
                await asyncio.wait_for(self._consumer, 5)
            except TimeoutError:
                self._consumer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._consumer
            self._consumer = None


def yield_subject(subjects: Subjects) -> str:
    """Where an engine waiting for a table's lock names the table (core NATS, every
    instance listens): the instance leasing it gives it up (``TableLeases.asked``)."""
    return f"{subjects.prefix}.engine.yield"


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
