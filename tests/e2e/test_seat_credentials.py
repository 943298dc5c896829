"""A browser's seat credentials, on a real nats-server rendered by president.bus.auth with
its WebSocket listener and auth callout, the services running as their own identities:
a ticket the lobby issued for one seat is redeemed once by the callout (president web's
responder) for a user JWT that reaches that seat and nothing else, over WebSocket only.

As in test_bus_security.py, a refusal is what the server says (a ``Permissions
Violation``, an ``Authorization Violation``), and the expected rights are written by hand.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp
import nats
import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.api import AckPolicy
from president.audit.verify import game_stream_id
from president.bus.auth import seat_user
from president.bus.connect import connect
from president.bus.nats_jwt import public_key
from president.client import PresidentClient
from president.contract import (
    Accepted,
    AILevel,
    GetView,
    Rejected,
    RejectionCode,
    SeatAI,
    StartGame,
    Subjects,
    TakeSeat,
    ViewReply,
)
from president.store.postgres import PostgresEventStore
from president_tools.infra.nats import WebSide
from president_tools.stack import ServiceStack

from services.web.callout import CalloutResponder, start_callout
from services.web.settings import WebSettings
from services.web.tickets import issue_ticket
from tests.e2e.conftest import secured_stack
from tests.e2e.probe import Probe
from tests.support.waiting import eventually

TICKET_SECRET = secrets.token_hex(32).encode()
SEATS = {0: "Ann", 1: "Bob"}
"""The two people the web lobby seats at the table (two AI seats fill it)."""


@pytest.fixture(scope="module")
def stack(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceStack]:
    run_dir = tmp_path_factory.mktemp("seats")
    yield from secured_stack(database_url, run_dir, "rival-integrator", {})


def _web(stack: ServiceStack) -> WebSide:
    web = stack.nats_web
    assert web is not None, "the embedded NATS has no WebSocket listener"
    return web


async def _quiet(error: Exception) -> None:
    pass


@dataclass
class Callout:
    """A running responder on its own connection as the ``callout`` identity."""

    responder: CalloutResponder
    client: Client


async def start_stack_callout(stack: ServiceStack, user_ttl_s: float = 1800.0) -> Callout:
    """The responder as president web runs it: from its settings, as ``callout``."""
    password = urlsplit(stack.url_for("callout")).password
    settings = WebSettings(
        subject_prefix=stack.prefix,
        web_callout_seed=_web(stack).callout_seed,
        web_callout_issuer=public_key(_web(stack).callout_seed),
        web_callout_password=password,
        web_ticket_secret=TICKET_SECRET.decode(),
        web_user_ttl=user_ttl_s,
    )
    client, responder = await start_callout(settings, stack.nats_url)
    return Callout(responder, client)


@pytest.fixture
async def callout(stack: ServiceStack) -> AsyncIterator[Callout]:
    running = await start_stack_callout(stack)
    yield running
    await running.client.close()


@dataclass(frozen=True)
class Table:
    table_id: str
    tokens: dict[int, str]


@pytest.fixture(scope="module")
async def table(stack: ServiceStack) -> AsyncIterator[Table]:
    """A started game: two seats taken by the web lobby (as the ``web`` identity), two AIs."""
    lobby = await PresidentClient.connect(stack.url_for("web"), stack.prefix, name="web")
    try:
        table_id = await lobby.create_table(players=4, ai_seats={2: "easy", 3: "easy"})
        tokens = {}
        for seat, name in SEATS.items():
            taken, tokens[seat] = await lobby.take_seat(table_id, name, seat)
            assert taken == seat
        await lobby.start_game(table_id)
        yield Table(table_id, tokens)
    finally:
        await lobby.close()


async def connect_browser(
    url: str, ticket: str, table_id: str, seat: int, *, origin: str | None = None
) -> Probe:
    violations: list[str] = []

    async def on_error(error: Exception) -> None:
        violations.append(str(error))

    headers = None if origin is None else {"Origin": [origin]}
    client = await nats.connect(
        url,
        token=ticket,
        inbox_prefix=f"_INBOX.{seat_user(table_id, seat)}".encode(),
        ws_connection_headers=headers,
        allow_reconnect=False,
        max_reconnect_attempts=0,
        connect_timeout=5,
        error_cb=on_error,
    )
    return Probe(client, violations)


def ticket_for(table: Table, seat: int, **kwargs: float) -> str:
    return issue_ticket(TICKET_SECRET, table.table_id, seat, now=time.time(), **kwargs)


def _actions(subjects: Subjects, table_id: str) -> dict[str, tuple[str, str]]:
    """Every probed action of the browser of seat 0 of ``table_id``."""
    p, other = subjects.prefix, f"x{table_id}"
    return {
        "send its table's game commands": ("req", subjects.game_command(table_id)),
        "read its table's public events": ("sub", subjects.public(table_id)),
        "read its seat's events": ("sub", subjects.seat(table_id, 0)),
        "read its seat's turn prompts": ("sub", subjects.prompt(table_id, 0)),
        "read its own inbox": ("sub", f"_INBOX.{seat_user(table_id, 0)}.x"),
        "read another seat's events": ("sub", subjects.seat(table_id, 1)),
        "read another seat's turn prompts": ("sub", subjects.prompt(table_id, 1)),
        "read every seat of its table (seat.*)": ("sub", f"{p}.evt.table.{table_id}.seat.*"),
        "read everything (>)": ("sub", ">"),
        "read another table's public events": ("sub", subjects.public(other)),
        "read the lobby events": ("sub", subjects.lobby(table_id)),
        "read another identity's inbox": ("sub", "_INBOX.web.>"),
        "read all inboxes": ("sub", "_INBOX.>"),
        "send another table's game commands": ("req", subjects.game_command(other)),
        "send a table command": ("req", subjects.table_command("ListTables")),
        "use the JetStream API": ("req", "$JS.API.INFO"),
        "read the JetStream API ($JS.API.>)": ("sub", "$JS.API.>"),
        "read a stored event": ("req", f"$JS.API.STREAM.MSG.GET.{subjects.events_stream}"),
        "publish a public event": ("req", subjects.public(table_id)),
        "answer authorization requests": ("sub", "$SYS.REQ.USER.AUTH"),
    }


ALLOWED = {
    "send its table's game commands",
    "read its table's public events",
    "read its seat's events",
    "read its seat's turn prompts",
    "read its own inbox",
}


@pytest.mark.timeout(120)
async def test_a_seat_ticket_reaches_that_seat_and_the_server_refuses_the_rest(
    stack: ServiceStack, callout: Callout, table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    web = _web(stack)
    browser = await connect_browser(
        web.websocket_url, ticket_for(table, 0), table.table_id, 0, origin=web.web_origin
    )
    try:
        marks = {}
        for name, (action, subject) in _actions(Subjects(stack.prefix), table.table_id).items():
            marks[name] = "refused" if await browser.refused(action, subject) else "allowed"
        assert {name for name, mark in marks.items() if mark == "allowed"} == ALLOWED
        assert not browser.client.is_closed
    finally:
        await browser.client.close()
    with capsys.disabled():  # the measured matrix, for the closing note
        print("\n| action of seat 0's browser | server |")
        for name, mark in marks.items():
            print(f"| {name} | {mark} |")


@dataclass
class Heard:
    """What one subscriber heard: the stored messages a JetStream consumer delivered
    (their reply is an ack subject) and the messages published on the subject."""

    delivered: list[str]
    published: list[str]

    async def hear(self, message: Msg) -> None:
        (self.delivered if message.reply.startswith("$JS.ACK.") else self.published).append(
            message.subject
        )


async def _heard(client: Client, subjects: list[str]) -> Heard:
    heard = Heard([], [])
    for subject in subjects:
        await client.subscribe(subject, cb=heard.hear)
    await client.flush()
    return heard


@pytest.mark.timeout(120)
async def test_a_push_delivery_into_a_browser_seats_subject_never_arrives(
    stack: ServiceStack, callout: Callout, capsys: pytest.CaptureFixture[str]
) -> None:
    """An integrator's push consumer of the events stream (every table's seat events,
    other players' hands among them) delivers onto a browser seat's prompt subject: the
    server lets it (the deliver subject is in the create request's body) and the
    integrator hears every delivery, the seat none. The seat's own events and prompts
    still arrive (issue 34: 60,220 deliveries, 15 MB, reached one seat in 2.5 s)."""
    subjects = Subjects(stack.prefix)
    lobby = await PresidentClient.connect(stack.url_for("web"), stack.prefix, name="web")
    integrator = await connect(stack.url_for("integrator"), "push-deliveries")
    try:
        table_id = await lobby.create_table(players=4, ai_seats={1: "easy", 2: "easy", 3: "easy"})
        _, token = await lobby.take_seat(table_id, "Ann", 0)
        await lobby.start_game(table_id)
        ticket = issue_ticket(TICKET_SECRET, table_id, 0, now=time.time())
        browser = await connect_browser(_web(stack).websocket_url, ticket, table_id, 0)
        public, prompt = subjects.public(table_id), subjects.prompt(table_id, 0)
        readable = [public, subjects.seat(table_id, 0), prompt]
        seat, witness = await _heard(browser.client, readable), await _heard(integrator, readable)
        js = integrator.jetstream()
        stored = (await js.stream_info(subjects.events_stream)).state.messages
        assert stored > 0
        await js.add_consumer(
            subjects.events_stream, deliver_subject=prompt, ack_policy=AckPolicy.NONE
        )
        await eventually(lambda: len(witness.delivered) >= stored, what="every delivery made")
        await browser.client.flush()  # what the server sent the seat until now has arrived
        player, mark = PresidentClient(browser.client, subjects), len(seat.published)

        async def played_and_prompted() -> bool:
            view = await player.send(GetView(table_id=table_id, seat=0, seat_token=token))
            if isinstance(view, ViewReply) and view.view.legal_actions:  # dealt, its turn
                await player.act(table_id, 0, token, view.view.legal_actions[0])
            later = seat.published[mark:]
            return public in later and prompt in later

        await eventually(played_and_prompted, within=60, what="the seat's own events", every=0.2)
        await browser.client.flush()
        assert seat.delivered == [], f"{len(seat.delivered)} deliveries reached the seat"
        await browser.client.close()
    finally:
        await integrator.close()
        await lobby.close()
    with capsys.disabled():  # the figures of the closing note
        print(f"\ndeliveries made {len(witness.delivered)}; reached the seat {len(seat.delivered)}")


@pytest.mark.timeout(120)
async def test_the_engine_lets_a_seats_credentials_act_for_that_seat_alone(
    stack: ServiceStack, callout: Callout, table: Table
) -> None:
    """Both seats were taken by the web lobby and the browser holds both tokens: the
    server lets it send on its table's subject, the engine refuses the other seat. Its
    own moves are recorded as its seat identity's (``requested_by``)."""
    web = _web(stack)
    players = {}
    for seat in SEATS:
        browser = await connect_browser(
            web.websocket_url, ticket_for(table, seat), table.table_id, seat
        )
        players[seat] = PresidentClient(browser.client, Subjects(stack.prefix))
    try:
        first = players[0]
        own = await first.send(GetView(table_id=table.table_id, seat=0, seat_token=table.tokens[0]))
        assert isinstance(own, ViewReply) and own.seat == 0
        other = GetView(table_id=table.table_id, seat=1, seat_token=table.tokens[1])
        refused = await first.send(other)
        assert isinstance(refused, Rejected) and refused.code is RejectionCode.FORBIDDEN
        for action in ({"pass": True}, {"play": ["3C"]}):  # refused before the rules
            reply = await first.act(table.table_id, 1, table.tokens[1], action)
            assert isinstance(reply, Rejected) and reply.code is RejectionCode.FORBIDDEN
        command_id = await _play_until_accepted(players, table, seat=0)
        (move,) = [m for m in await _metadata(stack, table) if m["command_id"] == command_id]
        assert move["requested_by"] == seat_user(table.table_id, 0)
    finally:
        for player in players.values():
            await player.close()


@pytest.mark.timeout(120)
async def test_the_lobby_cannot_seat_anyone_at_an_integrators_table(stack: ServiceStack) -> None:
    """The table service refuses the web identity's seat commands at a table another
    identity opened (issue 34: the lobby took the free seat of an integrator's table,
    started the game and its browser read the hand); the integrator seats and starts it."""
    integrator = await PresidentClient.connect(stack.url_for("integrator"), stack.prefix)
    lobby = await PresidentClient.connect(stack.url_for("web"), stack.prefix, name="web")
    try:
        table_id = await integrator.create_table(players=3, ai_seats={2: "easy"})
        commands = (
            TakeSeat(command_id="lobby-seat", table_id=table_id, player_name="Eve"),
            TakeSeat(command_id="lobby-seat-0", table_id=table_id, seat=0, player_name="Eve"),
            SeatAI(command_id="lobby-ai", table_id=table_id, level=AILevel.EASY),
            StartGame(command_id="lobby-start", table_id=table_id),
        )
        for command in commands:
            reply = await lobby.send(command)
            assert isinstance(reply, Rejected), (command.type, reply)
            assert reply.code is RejectionCode.FORBIDDEN, (command.type, reply)
        summary = await integrator.get_table(table_id)
        assert [seat.kind for seat in summary.seats] == ["free", "free", "ai"]
        await integrator.take_seat(table_id, "Ann", 0)
        await integrator.seat_ai(table_id, "easy", 1)
        await integrator.start_game(table_id)
        own = await lobby.create_table(players=3, ai_seats={1: "easy", 2: "easy"})
        assert (await lobby.take_seat(own, "Bo"))[0] == 0  # its own tables: as before
    finally:
        await integrator.close()
        await lobby.close()


async def _play_until_accepted(players: dict[int, PresidentClient], table: Table, seat: int) -> str:
    """Each browser plays its first legal action whenever it is due, until one move of
    ``seat`` is accepted: that move's command id."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for each, player in players.items():
            view = await player.get_view(table.table_id, each, table.tokens[each])
            if not view.view.legal_actions:
                continue
            command_id = f"move-{secrets.token_hex(8)}"
            action = view.view.legal_actions[0]
            reply = await player.act(
                table.table_id, each, table.tokens[each], action, command_id=command_id
            )
            if each == seat and isinstance(reply, Accepted):
                return command_id
        await asyncio.sleep(0.1)
    raise AssertionError(f"seat {seat} never moved")


async def _metadata(stack: ServiceStack, table: Table) -> list[dict[str, object]]:
    store = await PostgresEventStore.connect(stack.database_url)
    try:
        return [dict(e.metadata) for e in await store.read_stream(game_stream_id(table.table_id))]
    finally:
        await store.close()


async def _refused_login(url: str, ticket: str, **kwargs: object) -> str:
    with pytest.raises((nats.errors.Error, aiohttp.WSServerHandshakeError, OSError)) as refused:
        client = await nats.connect(
            url,
            token=ticket or None,
            allow_reconnect=False,
            max_reconnect_attempts=0,
            connect_timeout=5,
            error_cb=_quiet,
            **kwargs,  # type: ignore[arg-type]
        )
        await client.close()
    return str(refused.value)


@pytest.mark.timeout(120)
async def test_a_ticket_is_refused_reused_expired_altered_or_over_plain_tcp(
    stack: ServiceStack, callout: Callout, table: Table
) -> None:
    web = _web(stack)
    ticket = ticket_for(table, 0)
    plain = stack.nats_url  # the same server's TCP listener
    assert "Authorization Violation" in await _refused_login(plain, ticket)
    browser = await connect_browser(web.websocket_url, ticket, table.table_id, 0)
    await browser.client.close()
    assert "Authorization Violation" in await _refused_login(web.websocket_url, ticket)  # reused
    expired = issue_ticket(TICKET_SECRET, table.table_id, 0, now=time.time() - 120)
    assert "Authorization Violation" in await _refused_login(web.websocket_url, expired)
    mac = ticket_for(table, 0).partition(".")[2]
    other = ticket_for(table, 1).partition(".")[0]
    assert "Authorization Violation" in await _refused_login(web.websocket_url, f"{other}.{mac}")
    forged = issue_ticket(b"not the lobby's secret", table.table_id, 0, now=time.time())
    assert "Authorization Violation" in await _refused_login(web.websocket_url, forged)
    assert "Authorization Violation" in await _refused_login(web.websocket_url, "")


@pytest.mark.timeout(60)
async def test_the_websocket_listener_refuses_every_password(stack: ServiceStack) -> None:
    """Only callout-issued users come in over WebSocket (the public port in production):
    a static identity's password is refused there (issue 34: the integrator's worked), and
    still works on the TCP listener."""
    web = _web(stack)
    for role in ("integrator", "web", "relay", "engine", "auditor"):
        login = urlsplit(stack.url_for(role))
        assert login.username == role and login.password
        credentials = {"user": login.username, "password": login.password}
        refused = await _refused_login(web.websocket_url, "", **credentials)
        assert "Authorization Violation" in refused, (role, refused)
    tcp = await nats.connect(stack.url_for("integrator"), allow_reconnect=False)
    await tcp.close()


async def _upgrade_status(url: str, origin: str) -> int:
    """The HTTP status nats-server answers a WebSocket upgrade from ``origin`` with."""
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, headers={"Origin": origin}) as websocket:
                await websocket.close()
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


@pytest.mark.timeout(60)
async def test_a_websocket_upgrade_from_a_foreign_origin_is_refused(stack: ServiceStack) -> None:
    web = _web(stack)
    assert await _upgrade_status(web.websocket_url, "https://evil.example") == 403
    assert (
        await _upgrade_status(web.websocket_url, web.web_origin.replace("127.0.0.1", "localhost"))
        == 403
    )
    assert await _upgrade_status(web.websocket_url, web.web_origin) == 101


@pytest.mark.timeout(60)
async def test_the_server_closes_a_seats_connection_when_its_user_jwt_expires(
    stack: ServiceStack, table: Table
) -> None:
    short = await start_stack_callout(stack, user_ttl_s=2.0)
    closed = asyncio.Event()
    try:
        browser = await connect_browser(
            _web(stack).websocket_url, ticket_for(table, 0), table.table_id, 0
        )
        browser.client._closed_cb = _set(closed)  # nats-py calls it once the link is gone
        started = time.monotonic()
        await asyncio.wait_for(closed.wait(), timeout=10)
        assert time.monotonic() - started <= 4.0
        # nats-server writes "User Authentication Expired" and closes; over WebSocket the
        # client may see only the close (unexpected EOF)
        assert browser.violations, "closed without an error"
    finally:
        await short.client.close()


def _set(event: asyncio.Event):  # type: ignore[no-untyped-def]
    async def callback() -> None:
        event.set()

    return callback


@pytest.mark.timeout(180)
async def test_with_the_callout_stopped_browsers_fail_and_all_ai_games_go_on(
    stack: ServiceStack, table: Table
) -> None:
    web = _web(stack)
    assert "Authorization Violation" in await _refused_login(
        web.websocket_url, ticket_for(table, 0)
    )
    client = await PresidentClient.connect(stack.client_url, stack.prefix, name="all-ai")
    try:
        levels = dict.fromkeys(range(4), "easy")
        table_id = await client.create_table(players=4, ai_seats=levels)
        await client.start_game(table_id)
        deadline = time.monotonic() + 120
        while (await client.get_table(table_id)).status != "finished":
            assert time.monotonic() < deadline, "the all-AI game did not finish"
            await asyncio.sleep(0.2)
    finally:
        await client.close()


@pytest.mark.timeout(120)
async def test_the_callout_costs_little_per_connection(
    stack: ServiceStack, callout: Callout, table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    """WebSocket connections through the callout against connections of a static identity
    (no callout; over TCP: the WebSocket listener refuses passwords); and the responder's
    own CPU per answer."""
    web = _web(stack)
    rounds = 20
    integrator = stack.url_for("integrator").split("://", 1)[1].split("@", 1)[0]
    user, _, password = integrator.partition(":")
    answered, busy = callout.responder.answered, callout.responder.busy_s
    started = time.perf_counter()
    for _ in range(rounds):
        browser = await connect_browser(web.websocket_url, ticket_for(table, 0), table.table_id, 0)
        await browser.client.close()
    seat_ms = (time.perf_counter() - started) * 1000 / rounds
    started = time.perf_counter()
    for _ in range(rounds):
        static = await nats.connect(
            stack.nats_url, user=user, password=password, allow_reconnect=False
        )
        await static.close()
    static_ms = (time.perf_counter() - started) * 1000 / rounds
    assert callout.responder.answered - answered == rounds
    cpu_ms = (callout.responder.busy_s - busy) * 1000 / rounds
    assert cpu_ms < 50
    with capsys.disabled():
        print(
            f"\ncallout per connection: responder CPU {cpu_ms:.2f} ms; WebSocket connect"
            f" {seat_ms:.1f} ms wall with the callout, {static_ms:.1f} ms with a static"
            f" identity over TCP ({rounds} each; wall-clock on a shared machine)"
        )
