"""The locked-down bus, measured on a real nats-server rendered by president.bus.auth for
one exact subject prefix, with the services running as their own identities.

The expected allow/refuse of every (role, action) is written out here by hand from the
issue's rules, not read from the generator, so a permission that drifts fails a test.
A refusal is what the server says: the ``Permissions Violation`` error it sends, which
arrives before the reply to the flush that follows the action.

Who sent a command is what the server attests (``president.bus.identity``), never the
reply subject or a header the client wrote: an identity naming another's inbox as its
reply subject is still the one charged (``requested_by``, rate limits).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import nats
import pytest
from nats.aio.client import Client
from president.bus.command_server import REQUEST_INFO
from president.bus.connect import nats_options
from president.client import PresidentClient
from president.contract import (
    Accepted,
    ListTables,
    Rejected,
    RejectionCode,
    Subjects,
    TakeSeat,
    parse_reply,
)
from president.store.postgres import PostgresEventStore
from president_tools.stack import ServiceStack

from services.engine.jetstream import reactor_durable
from tests.e2e.conftest import secured_stack
from tests.e2e.probe import Probe
from tests.support.wire import refused_login

RIVAL = "rival-integrator"
"""A second platform's integrator in the same account: the adversary of the tests."""


@pytest.fixture(scope="module")
def stack(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceStack]:
    """The services on their own embedded NATS, permissions rendered for one prefix."""
    run_dir = tmp_path_factory.mktemp("secure")
    yield from secured_stack(database_url, run_dir, RIVAL, {"PRESIDENT_BUDGET_MS": "5"})


@pytest.fixture
async def as_role(stack: ServiceStack) -> AsyncIterator[object]:
    clients: list[Client] = []

    async def connect(user: str) -> Probe:
        violations: list[str] = []

        async def on_error(error: Exception) -> None:
            violations.append(str(error))

        client = await nats.connect(
            **nats_options(stack.url_for(user), f"probe-{user}", error_cb=on_error)
        )
        clients.append(client)
        return Probe(client, violations)

    yield connect
    for client in clients:
        await client.close()


def _actions(subjects: Subjects, user: str, reactor: str) -> dict[str, tuple[str, str]]:
    """Every probed action of ``user`` (its own consumer is the one named after it)."""
    p, events, prompts, ai = (
        subjects.prefix,
        subjects.events_stream,
        subjects.prompts_stream,
        subjects.ai_stream,
    )
    consumer = subjects.ai_consumer
    api = "$JS.API.CONSUMER"
    return {
        "send a table command": ("req", f"{p}.cmd.table.ListTables"),
        "send a game command": ("req", f"{p}.cmd.game.t1"),
        "publish a public event": ("pub", f"{p}.evt.table.t1.public"),
        "publish a seat event": ("pub", f"{p}.evt.table.t1.seat.0"),
        "publish a lobby event": ("pub", f"{p}.evt.lobby.t1"),
        "publish a turn prompt": ("pub", f"{p}.evt.table.t1.seat.0.prompt"),
        "publish an AI request": ("pub", f"{p}.ai.decide"),
        "serve table commands": ("sub", f"{p}.cmd.table.*"),
        "serve game commands (read tokens)": ("sub", f"{p}.cmd.game.*"),
        "serve the game commands of a partition": ("sub", f"{p}.cmd.game.*.5"),
        "read public events": ("sub", f"{p}.evt.table.*.public"),
        "read lobby events": ("sub", f"{p}.evt.lobby.*"),
        "read seat events (hands)": ("sub", f"{p}.evt.table.*.seat.*"),
        "read turn prompts": ("sub", f"{p}.evt.table.*.seat.*.prompt"),
        "read the AI queue (AI tokens)": ("sub", f"{p}.ai.decide"),
        "pass a game command on to an engine instance": ("pub", f"{p}.engine.fwd.engine-1"),
        "read game commands passed on": ("sub", f"{p}.engine.fwd.*"),
        "publish an engine instance's heartbeat": ("pub", f"{p}.engine.peers"),
        "ask an engine instance to react to a table": ("pub", f"{p}.engine.react.engine-1"),
        "read the reactions asked of engine instances": ("sub", f"{p}.engine.react.*"),
        "read everything (>)": ("sub", ">"),
        "read the integrator's inbox": ("sub", "_INBOX.integrator.>"),
        "read the table service's inbox": ("sub", "_INBOX.table.>"),
        "reply to anyone's inbox": ("pub", "_INBOX.integrator.x"),
        "stream info (events)": ("req", f"$JS.API.STREAM.INFO.{events}"),
        "read a stored event by sequence": ("req", f"$JS.API.STREAM.MSG.GET.{events}"),
        "follow events (ephemeral consumer)": ("req", f"{api}.CREATE.{events}"),
        "follow prompts (ephemeral consumer)": ("req", f"{api}.CREATE.{prompts}"),
        "create its own consumer (public events)": (
            "req",
            f"{api}.CREATE.{events}.{user}.{p}.evt.table.*.public",
        ),
        "create its own consumer (seat events)": (
            "req",
            f"{api}.CREATE.{events}.{user}.{p}.evt.table.*.seat.*",
        ),
        "create its own consumer (unfiltered)": ("req", f"{api}.CREATE.{events}.{user}"),
        "read its own consumer's info": ("req", f"{api}.INFO.{events}.{user}"),
        "pull from its own consumer": ("req", f"{api}.MSG.NEXT.{events}.{user}"),
        "delete its own consumer": ("req", f"{api}.DELETE.{events}.{user}"),
        "create or update another client's consumer": ("req", f"{api}.CREATE.{events}.{RIVAL}"),
        "read another client's consumer's info": ("req", f"{api}.INFO.{events}.{RIVAL}"),
        "delete another client's consumer": ("req", f"{api}.DELETE.{events}.{RIVAL}"),
        "create or update the engine's reactor consumer": (
            "req",
            f"{api}.CREATE.{events}.{reactor}",
        ),
        "update it by the legacy durable create": (
            "req",
            f"{api}.DURABLE.CREATE.{events}.{reactor}",
        ),
        "read the reactor consumer's info": ("req", f"{api}.INFO.{events}.{reactor}"),
        "delete the engine's reactor consumer": ("req", f"{api}.DELETE.{events}.{reactor}"),
        "create the events stream": ("req", f"$JS.API.STREAM.CREATE.{events}"),
        "delete the events stream": ("req", f"$JS.API.STREAM.DELETE.{events}"),
        "purge the events stream": ("req", f"$JS.API.STREAM.PURGE.{events}"),
        "delete a stored event": ("req", f"$JS.API.STREAM.MSG.DELETE.{events}"),
        "create or update the AI consumer": ("req", f"{api}.CREATE.{ai}.{consumer}"),
        "bind to the AI consumer": ("req", f"{api}.INFO.{ai}.{consumer}"),
        "pull from the AI consumer": ("req", f"{api}.MSG.NEXT.{ai}.{consumer}"),
        "ack an AI request": ("pub", f"$JS.ACK.{ai}.{consumer}.1.1.1.1.0"),
        "delete the AI consumer": ("req", f"{api}.DELETE.{ai}.{consumer}"),
        "list streams": ("req", "$JS.API.STREAM.LIST"),
        "list consumers (their names)": ("req", f"{api}.LIST.{events}"),
    }


_OWN_CONSUMER = {
    "read its own consumer's info",
    "pull from its own consumer",
    "delete its own consumer",
}
NOT_PROBED = {("engine", "delete the engine's reactor consumer")}
"""Allowed, and not done here (it would stop the stack's reactor): the engine's healing
does it (tests/integration/engine/test_reactor_consumer.py)."""

ALLOWED: dict[str, set[str]] = {
    "relay": {
        "stream info (events)",
        "read a stored event by sequence",
        "create the events stream",
    },
    # the command account: answers commands that crossed the import, and publishes what
    # the streams store (the seats' account hears it there, and nothing else)
    "relay-commands": {"publish a public event", "publish a seat event", "publish a lobby event"},
    "table": {"serve table commands"},
    "engine-commands": {
        "serve game commands (read tokens)",
        "serve the game commands of a partition",
        # who owns which partition (services.engine.partitions)
        "publish an engine instance's heartbeat",
        "publish a turn prompt",
        "publish an AI request",
    },
    "engine": {
        "stream info (events)",
        "create the events stream",
        "create or update the engine's reactor consumer",
        "update it by the legacy durable create",
        "read the reactor consumer's info",
        "delete the engine's reactor consumer",
        # Any consumer name of the events stream: its reactor's name has a secret part,
        # which the rendered configuration must not hold (services.engine.jetstream).
        "create its own consumer (public events)",
        "create its own consumer (seat events)",
        "create its own consumer (unfiltered)",
        *_OWN_CONSUMER,
        "create or update another client's consumer",
        "read another client's consumer's info",
        "delete another client's consumer",
    },
    "ai-worker": {
        "send a game command",
        "create or update the AI consumer",
        "bind to the AI consumer",
        "pull from the AI consumer",
        "ack an AI request",
    },
    "integrator": {
        "send a table command",
        "send a game command",
        "read public events",
        "read lobby events",
        "read seat events (hands)",
        "read turn prompts",
        "read the integrator's inbox",
        "stream info (events)",
        "read a stored event by sequence",
        "follow events (ephemeral consumer)",
        "follow prompts (ephemeral consumer)",
        "create its own consumer (public events)",
        "create its own consumer (seat events)",
        "create its own consumer (unfiltered)",
        *_OWN_CONSUMER,
    },
    # no seat events, no prompts: it replays the log from Postgres
    "auditor": {
        "read public events",
        "read lobby events",
        "stream info (events)",
        "create its own consumer (public events)",
        *_OWN_CONSUMER,
    },
    # president web's lobby API: table commands, the AI queue's depth (the info its
    # workers bind with) and its own inbox (not probed here)
    "web": {"send a table command", "bind to the AI consumer"},
    # the auth callout's account: the server's authorization requests alone
    "callout": set(),
}


@pytest.mark.timeout(180)
async def test_every_role_may_do_what_it_needs_and_the_server_refuses_the_rest(
    stack: ServiceStack, as_role: object, capsys: pytest.CaptureFixture[str]
) -> None:
    subjects = Subjects(stack.prefix)
    reactor = reactor_durable(subjects, stack.token_secret)
    table: dict[str, dict[str, str]] = {}
    for role, allowed in ALLOWED.items():
        probe = await as_role(role)  # type: ignore[operator]
        table[role] = {}
        for name, (action, subject) in _actions(subjects, role, reactor).items():
            if (role, name) in NOT_PROBED:
                table[role][name] = "allowed (healing test)"
            else:
                refused = await probe.refused(action, subject)
                table[role][name] = "refused" if refused else "allowed"
        assert {n for n, mark in table[role].items() if mark.startswith("allowed")} == allowed, role
    with capsys.disabled():  # the measured matrix, for the closing note
        roles = list(ALLOWED)
        print("\n| action | " + " | ".join(roles) + " |")
        for name in _actions(subjects, "integrator", reactor):
            print(f"| {name} | " + " | ".join(table[r][name] for r in roles) + " |")


@pytest.mark.parametrize("login", [{}, {"user": "relay", "password": "guessed"}])
async def test_a_connection_without_valid_credentials_is_refused(
    stack: ServiceStack, login: dict[str, str]
) -> None:
    # a login of no static identity is the auth callout's, refused when its wait (2 s) ends
    assert (await refused_login(stack.nats_url, **login)).error == "Authorization Violation"


async def _seat(stack: ServiceStack, user: str) -> PresidentClient:
    return await PresidentClient.connect(stack.url_for(user), stack.prefix, name=user)


@pytest.mark.timeout(60)
async def test_another_identity_replaying_a_take_seat_id_gets_no_token(
    stack: ServiceStack,
) -> None:
    """Command ids are kept per sender: the rival's TakeSeat of the same id is its own
    command (another seat, another token), never the owner's answer."""
    owner, rival = await _seat(stack, "integrator"), await _seat(stack, RIVAL)
    try:
        table_id = await owner.create_table(players=3)
        take = TakeSeat(command_id=f"take-{uuid.uuid4().hex}", table_id=table_id, player_name="Ann")

        first = await owner.send(take)
        theirs = await rival.send(take)
        again = await owner.send(take)
    finally:
        await owner.close()
        await rival.close()
    assert isinstance(first, Accepted) and first.seat_token
    assert isinstance(theirs, Accepted) and not theirs.duplicate and theirs.seat != first.seat
    assert theirs.seat_token not in (None, first.seat_token)
    assert isinstance(again, Accepted) and again.seat_token == first.seat_token


@pytest.mark.timeout(60)
async def test_nobody_but_the_owner_reads_its_replies_or_the_tokens_on_the_bus(
    stack: ServiceStack, as_role: object
) -> None:
    subjects = Subjects(stack.prefix)
    for role in ("relay", "table", "engine", "ai-worker", "auditor", RIVAL):
        probe = await as_role(role)  # type: ignore[operator]
        # the TakeSeat reply (a token) goes to the integrator's inbox
        assert await probe.refused("sub", "_INBOX.integrator.>"), role
        # every PlayCards carries the token on the game command subject
        assert await probe.refused("sub", subjects.game_commands), role
    for role in ("engine", "relay", "table", "auditor", RIVAL):
        probe = await as_role(role)  # type: ignore[operator]
        # AI seats' tokens travel in the decision requests (interactive and batch)
        assert await probe.refused("sub", subjects.ai_decide), role
        assert await probe.refused("sub", subjects.ai_batch), role
        assert await probe.refused("req", f"$JS.API.CONSUMER.INFO.{subjects.ai_stream}.*"), role


@pytest.mark.timeout(60)
async def test_only_the_relay_writes_events_and_only_ai_workers_take_ai_work(
    stack: ServiceStack, as_role: object
) -> None:
    subjects = Subjects(stack.prefix)
    consumer = subjects.ai_consumer
    main = ("relay", "engine", "ai-worker", "integrator", "auditor", RIVAL)
    for role in (*main, "table", "engine-commands"):
        probe = await as_role(role)  # type: ignore[operator]
        assert await probe.refused("pub", subjects.public("t1")), role
        assert await probe.refused("pub", subjects.lobby("t1")), role
    for role in ("relay", "relay-commands", "engine", "table", "integrator", "auditor", RIVAL):
        probe = await as_role(role)  # type: ignore[operator]
        assert await probe.refused("pub", subjects.ai_decide), role
        assert await probe.refused("pub", subjects.ai_batch), role
        for durable in (consumer, subjects.ai_batch_consumer):
            next_subject = f"$JS.API.CONSUMER.MSG.NEXT.{subjects.ai_stream}.{durable}"
            assert await probe.refused("req", next_subject), role


async def test_the_services_ran_without_a_single_permission_violation(
    stack: ServiceStack,
) -> None:
    log = Path(stack.settings.data_dir) / "nats.log"
    await asyncio.sleep(0)
    services = {"president-" + name for name in stack.processes}
    violations = [
        line
        for line in log.read_text().splitlines()
        if "Violation" in line and any(name in line for name in services)
    ]
    assert violations == []


async def _events_of(stack: ServiceStack, stream_id: str, count: int) -> list[dict[str, object]]:
    """The metadata of the first ``count`` events of ``stream_id``, once they are written."""
    store = await PostgresEventStore.connect(stack.database_url)
    try:
        for _ in range(100):
            events = await store.read_stream(stream_id)
            if len(events) >= count:
                return [dict(e.metadata) for e in events]
            await asyncio.sleep(0.1)
    finally:
        await store.close()
    raise AssertionError(f"{stream_id}: fewer than {count} events")


@pytest.mark.timeout(60)
async def test_a_command_is_charged_to_its_sender_whatever_reply_or_header_it_names(
    stack: ServiceStack,
) -> None:
    """The rival names the integrator's inbox as reply subject, then writes the
    integrator's identity into the request-info header: both commands are the rival's."""
    owner = await _seat(stack, "integrator")
    rival = await nats.connect(**nats_options(stack.url_for(RIVAL), "rival"))
    try:
        table_id = await owner.create_table(players=3)
        subject = Subjects(stack.prefix).table_command("TakeSeat")
        forged_info = '{"acc":"PRESIDENT","user":"integrator","name":"integrator"}'
        for seat, (reply, headers) in enumerate(
            [("_INBOX.integrator.forged.1", None), (rival.new_inbox(), {REQUEST_INFO: forged_info})]
        ):
            take = TakeSeat(command_id=f"forged-{seat}-{uuid.uuid4().hex}", table_id=table_id,
                            player_name=f"Eve {seat}")  # fmt: skip
            await rival.publish(subject, take.model_dump_json().encode(), reply, headers)
            await rival.flush()
            # one at a time, so that the seats are taken in this order
            metadata = (await _events_of(stack, f"table-{table_id}", seat + 2))[seat + 1]
            assert (metadata["requested_by"], metadata["requested_by_role"]) == (
                RIVAL,
                "integrator",
            ), seat
    finally:
        await owner.close()
        await rival.close()


@pytest.mark.timeout(90)
async def test_a_flood_naming_another_identitys_inbox_spends_only_the_senders_rate(
    stack: ServiceStack,
) -> None:
    """More requests than a burst, each naming the integrator's inbox as reply: the old
    reply-inbox attribution charged them to the integrator, which was then refused."""
    subjects = Subjects(stack.prefix)
    owner = await _seat(stack, "integrator")
    rival = await nats.connect(**nats_options(stack.url_for(RIVAL), "rival-flood"))
    burst = 200  # PRESIDENT_COMMAND_BURST's default: the stack sets none
    try:
        for n in range(3 * burst):
            reply = f"_INBOX.integrator.flood.{n}"
            await rival.publish(subjects.table_command("ListTables"), b"{}", reply)
            await rival.publish(subjects.game_command("t1"), b"{}", reply)
        await rival.flush()
        own = await owner.send(ListTables())
        game = parse_reply(
            (await owner.nats.request(subjects.game_command("t1"), b"{}", timeout=10)).data
        )
    finally:
        await owner.close()
        await rival.close()
    assert not isinstance(own, Rejected), own
    assert isinstance(game, Rejected) and game.code is not RejectionCode.RATE_LIMITED


@pytest.mark.timeout(60)
async def test_a_client_pulls_from_a_consumer_named_after_it_and_from_no_other(
    stack: ServiceStack,
) -> None:
    """nats-py's ``pull_subscribe`` under the client's own name creates, binds and pulls
    (no message is needed: the matrix's probes may have stopped the relay); under
    another name, or without naming the stream, the server refuses it."""
    subjects = Subjects(stack.prefix)
    violations: list[str] = []

    async def on_error(error: Exception) -> None:
        violations.append(str(error))

    options = nats_options(stack.url_for("integrator"), "puller", error_cb=on_error)
    client = await nats.connect(**options)
    js = client.jetstream()
    stream, subject = subjects.events_stream, subjects.lobby("pulled")
    try:
        own = await js.pull_subscribe(subject, durable="integrator", stream=stream)
        with pytest.raises(nats.errors.TimeoutError):  # no message: pulled, none came
            await own.fetch(1, timeout=1)
        info = await js.consumer_info(stream, "integrator")
        assert (info.config.durable_name, info.config.filter_subject) == ("integrator", subject)
        assert info.num_waiting is not None
        assert await js.delete_consumer(stream, "integrator")
        await client.flush()
        assert violations == []
        with pytest.raises(nats.errors.TimeoutError):  # refused: no answer comes
            await js.pull_subscribe(subject, durable=RIVAL, stream=stream)
        with pytest.raises(nats.errors.TimeoutError):  # the stream's look-up by subject
            await js.pull_subscribe(subject, durable="integrator")
        await client.flush()
        assert any(f"CONSUMER.INFO.{stream}.{RIVAL}".lower() in v.lower() for v in violations)
        assert any("STREAM.NAMES".lower() in v.lower() for v in violations)
    finally:
        await client.close()
