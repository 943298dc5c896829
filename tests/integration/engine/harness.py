"""An engine (or several) and a relay in this process, on real Postgres and NATS, and a
test client that sends commands and plays from the turn prompts."""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from nats.aio.client import Client
from nats.js import JetStreamContext
from president.bus.connect import NatsCredentials, connect
from president.contract import (
    Accepted,
    Rejected,
    RejectionCode,
    Reply,
    Subjects,
    TurnPrompt,
    parse_reply,
    stream_id_of_game,
)
from president.contract.subjects import PARTITIONS
from president.store.postgres import PostgresEventStore
from president_tools.stack.settings import identity_settings

from services.engine.main import EngineApp, create_app
from services.engine.settings import EngineSettings
from services.relay import Relay, RelayOptions
from services.relay.game_routing import game_routing
from tests.fixtures.servers import TestServers
from tests.support.engine import command_for, human_token
from tests.support.waiting import eventually

SECRET = "engine-test-secret"


def new_prefix() -> str:
    return f"e{uuid.uuid4().hex[:8]}"


@dataclass
class Harness:
    """The servers, a prefix of our own, a store and a NATS client for the test side."""

    database_url: str
    engine_url: str  # the engine's own NATS identity
    prefix: str
    store: PostgresEventStore
    nc: Client
    js: JetStreamContext
    engines: list[EngineApp] = field(default_factory=list)
    identities: dict[str, str] = field(default_factory=dict)
    """The engine's command-account identity (settings fields), when the server has one."""

    @property
    def subjects(self) -> Subjects:
        return Subjects(self.prefix)

    async def start_engine(self, instance: str = "engine-1", **overrides: Any) -> EngineApp:
        settings = EngineSettings(
            instance_id=instance,
            subject_prefix=self.prefix,
            token_secret=SECRET,
            **{**self.identities, **overrides},
        )
        app = create_app(settings, database_url=self.database_url, nats_url=self.engine_url)
        await app.start()
        self.engines.append(app)
        # Ready as a readiness probe would say: its reactor's consumer bound. Started, it
        # creates that consumer in the background, after the stream's last message; a
        # table written before would wait for the sweep (under load, past a test's wait).
        await eventually(lambda: _bound(app), 30, f"{instance}'s reactor consumer bound")
        return app

    async def stop_engine(self, app: EngineApp) -> None:
        self.engines.remove(app)
        await app.stop()

    async def request(self, table_id: str, body: dict[str, Any] | bytes) -> Reply:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        message = await self.nc.request(self.subjects.game_command(table_id), raw, timeout=10)
        return parse_reply(message.data)

    async def send(self, command: Any) -> Reply:
        body = command.model_dump(mode="json")
        return await self.request(command.table_id, body)

    async def game_version(self, table_id: str) -> int:
        return await self.store.stream_version(stream_id_of_game(table_id))

    async def wait_for_game(self, table_id: str, within: float = 10.0) -> None:
        async def started() -> bool:
            return bool(await self.game_version(table_id))

        await eventually(started, within, f"the game of {table_id} started")

    async def last_event_type(self, table_id: str) -> str:
        version = await self.game_version(table_id)
        events = await self.store.read_stream(stream_id_of_game(table_id), version)
        return events[-1].type if events else ""

    @contextlib.asynccontextmanager
    async def prompts(self, table_id: str) -> AsyncIterator[asyncio.Queue[TurnPrompt]]:
        """Every turn prompt of the table, from the first one on."""
        queue: asyncio.Queue[TurnPrompt] = asyncio.Queue()

        async def on_message(message: Any) -> None:
            if b'"TurnEnded"' not in message.data[:80]:  # the end of a turn: not a prompt
                await queue.put(TurnPrompt.model_validate_json(message.data))

        subject = f"{self.prefix}.evt.table.{table_id}.seat.*.prompt"
        subscription = await self.js.subscribe(subject, cb=on_message, ordered_consumer=True)
        try:
            yield queue
        finally:
            await subscription.unsubscribe()

    async def play(
        self, table_id: str, *, max_actions: int | None = None, within: float = 60.0
    ) -> int:
        """Answer turn prompts with the first legal action until the game ends (or
        ``max_actions`` were accepted); return the number accepted."""
        accepted = 0
        async with self.prompts(table_id) as queue, asyncio.timeout(within):
            while max_actions is None or accepted < max_actions:
                if await self.last_event_type(table_id) == "GameEnded":
                    break
                try:
                    prompt = await asyncio.wait_for(queue.get(), 2.0)
                except TimeoutError:
                    continue  # the game may have ended meanwhile
                if await self.answer(prompt):
                    accepted += 1
        return accepted

    async def answer(self, prompt: TurnPrompt) -> bool:
        view = prompt.view.to_rules()
        if not view.legal_actions:
            return False
        command_id = f"bot:{prompt.table_id}:{prompt.stream_version}:{prompt.seat}"
        command = command_for(prompt.table_id, view.legal_actions[0], command_id)
        reply = await self.send(command)
        while isinstance(reply, Rejected) and reply.code is RejectionCode.RATE_LIMITED:
            await asyncio.sleep(0.05)  # as a client should: the same command, a bit later
            reply = await self.send(command)
        return isinstance(reply, Accepted) and not reply.duplicate


@contextlib.asynccontextmanager
async def running_relay(
    database_url: str, nats_url: str, prefix: str, publish: NatsCredentials | None = None
) -> AsyncIterator[Relay]:
    """A relay on ``nats_url``; its events go out as ``publish`` (its command-account
    identity) when given."""
    routing = game_routing(prefix)
    relay = Relay(
        database_url,
        nats_url,
        route=routing.route,
        subjects=routing.subjects,
        prefix=prefix,
        publish_credentials=publish,
        options=RelayOptions(poll_interval=0.2, retry_interval=0.2, lock_retry_interval=0.1),
    )
    stop = asyncio.Event()
    task = asyncio.create_task(relay.run(stop))
    try:
        yield relay
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)


@contextlib.asynccontextmanager
async def harness(database_url: str, servers: TestServers) -> AsyncIterator[Harness]:
    """A harness with a relay running; engines are started by the tests. The relay and
    the engines connect as their roles, the test side as the tests' harness identity."""
    prefix = new_prefix()
    store = await PostgresEventStore.connect(database_url)
    nc = await connect(servers.nats_url, "engine-test")
    h = Harness(database_url, servers.url_for("engine"), prefix, store, nc, nc.jetstream())
    h.identities = identity_settings("engine", servers.nats_users)
    try:
        relay = identity_settings("relay", servers.nats_users)
        publish = None
        if "nats_commands_user" in relay:
            publish = NatsCredentials(relay["nats_commands_user"], relay["nats_commands_password"])
        async with running_relay(database_url, servers.url_for("relay"), prefix, publish):
            yield h
            for app in list(h.engines):
                await h.stop_engine(app)
    finally:
        await nc.close()
        await store.close()


def token(table_id: str, seat: int) -> str:
    return human_token(table_id, seat)


async def shared_partitions(apps: list[EngineApp]) -> None:
    """Wait until the apps own disjoint shares of every partition, and serve no other."""

    def shared() -> bool:
        owned = [set() if a.partitions is None else a.partitions.owned for a in apps]
        settled = not any(a.partitions is None or a.partitions.handing_over for a in apps)
        whole = set().union(*owned) == set(range(PARTITIONS))
        return settled and whole and sum(map(len, owned)) == PARTITIONS

    await eventually(shared, what="the partitions shared")


async def prompt_after(
    queue: asyncio.Queue[TurnPrompt], version: int, within: float = 30.0
) -> TurnPrompt:
    """The next prompt of ``queue`` (``Harness.prompts``) made after ``version``."""
    while (prompt := await asyncio.wait_for(queue.get(), within)).stream_version <= version:
        pass
    return prompt


@dataclass
class DroppedReactions:
    """The versions of a table's reactions dropped while ``armed`` is set."""

    armed: asyncio.Event = field(default_factory=asyncio.Event)
    versions: list[tuple[int, int]] = field(default_factory=list)


def drop_reactions(app: EngineApp, table_id: str) -> DroppedReactions:
    """The seam of a lost reaction: while armed, ``app`` does not react to its commits on
    ``table_id`` (as if it lost NATS, or died, right after them)."""
    reactions = app._reactions
    assert reactions is not None
    react, dropped = reactions._react, DroppedReactions()

    async def dropping(reacted: str, first: int, last: int) -> None:
        if dropped.armed.is_set() and reacted == table_id:
            dropped.versions.append((first, last))
            return
        await react(reacted, first, last)

    reactions._react = dropping
    return dropped


def _bound(app: EngineApp) -> bool:
    consumer = app.reactor_consumer
    return consumer is not None and consumer.bound
