"""The lobby's ceilings over all clients and over time, against the web process (real
NATS, Postgres, every service): past the games in play or the AI work queue's backlog it
takes no more work and answers ``503 BUSY`` with a ``Retry-After``; an ended game gives
its slot back; a table left unstarted is closed through the table service and gives its
slot back. (The backlog test comes last: it stops the AI worker.)"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import nats
import pytest
from president.contract import Subjects
from president_tools.stack import ServiceStack

from tests.e2e.web.conftest import web_stack
from tests.e2e.web.lobby_api import Answer, visitor
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(180)

GAMES_IN_PLAY, AI_BACKLOG, RETRY_AFTER, EXPIRY_S = 2, 3, 7, 3.0
LIMITS = {
    "PRESIDENT_WEB_TRUSTED_PROXIES": "127.0.0.1",
    "PRESIDENT_WEB_GAMES_IN_PLAY": str(GAMES_IN_PLAY),
    "PRESIDENT_WEB_AI_BACKLOG": str(AI_BACKLOG),
    "PRESIDENT_WEB_BUSY_RETRY_AFTER": str(RETRY_AFTER),
    "PRESIDENT_WEB_SWEEP_INTERVAL": "0.5",
    "PRESIDENT_WEB_TABLE_EXPIRY_MINUTES": str(EXPIRY_S / 60),
    "PRESIDENT_WEB_CLIENT_OPEN_TABLES": "1",
    "PRESIDENT_WEB_CLIENT_RATE": "50",  # a test's polls (10/s) stay within its rate
    "PRESIDENT_WEB_CLIENT_BURST": "100",
}
QUICK_GAME = {"players": 3, "rounds": 1, "ai": {"1": "easy", "2": "easy"}, "turn_seconds": 0.2}
"""A game that ends by itself: its person never plays, the clock plays for it."""
_addresses = (f"10.35.0.{n}" for n in itertools.count(1))


@pytest.fixture(scope="module")
def stack(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceStack]:
    yield from web_stack(database_url, tmp_path_factory.mktemp("busy"), **LIMITS)


async def _start_one(stack: ServiceStack) -> Answer:
    """A new visitor opens a quick game, sits and starts it; the last answer."""
    web = stack.nats_web
    assert web is not None
    async with visitor(stack.web_url, web.web_origin, address=next(_addresses)) as client:
        created = await client.create(**QUICK_GAME)
        if created.status != 201:
            return created
        table_id = created.body["table_id"]
        assert (await client.sit(table_id)).status == 201
        return await client.start(table_id)


def _busy(answer: Answer, ceiling: str) -> bool:
    return (answer.status, answer.code, answer.body.get("params")) == (
        503,
        "BUSY",
        {"ceiling": ceiling},
    )


async def test_past_the_games_in_play_ceiling_the_lobby_is_busy_until_a_game_ends(
    stack: ServiceStack,
) -> None:
    web = stack.nats_web
    assert web is not None
    started = [await _start_one(stack) for _ in range(GAMES_IN_PLAY)]
    assert [a.status for a in started] == [200] * GAMES_IN_PLAY
    refused = await _start_one(stack)
    assert _busy(refused, "games_in_play"), refused
    assert refused.headers["Retry-After"] == str(RETRY_AFTER)

    async def served_again() -> bool:
        async with visitor(stack.web_url, web.web_origin, address=next(_addresses)) as client:
            return (await client.create(**QUICK_GAME)).status == 201

    await eventually(served_again, 90, "a slot given back by an ended game")


async def test_an_unstarted_table_is_closed_and_its_slot_given_back(stack: ServiceStack) -> None:
    web = stack.nats_web
    assert web is not None
    async with visitor(stack.web_url, web.web_origin, address=next(_addresses)) as client:
        opened = await client.create(**QUICK_GAME)
        assert opened.status == 201
        held = await client.create(**QUICK_GAME)
        assert (held.status, held.code) == (429, "TOO_MANY_TABLES")
        table = f"/api/tables/{opened.body['table_id']}"

        async def closed() -> bool:
            return (await client.get(table)).body.get("status") == "finished"

        waited = await eventually(closed, EXPIRY_S + 30, "the unstarted table closed")
        assert waited >= EXPIRY_S - 1  # not before its time (the first look came at once)
        late = await client.sit(opened.body["table_id"])
        assert (late.status, late.code) == (409, "TABLE_CLOSED")
        assert (await client.create(**QUICK_GAME)).status == 201  # its slot is free again


async def test_a_table_opened_before_a_restart_is_closed_after_it(stack: ServiceStack) -> None:
    web = stack.nats_web
    assert web is not None
    async with visitor(stack.web_url, web.web_origin, address=next(_addresses)) as client:
        opened = await client.create(**QUICK_GAME)
        assert opened.status == 201
    stack.restart(stack.names("web")[0])  # the ledger that held it is gone
    async with visitor(stack.web_url, web.web_origin, address=next(_addresses)) as client:
        table = f"/api/tables/{opened.body['table_id']}"

        async def closed() -> bool:
            return (await client.get(table)).body.get("status") == "finished"

        await eventually(closed, EXPIRY_S + 30, "the table of the restarted lobby closed")


async def test_past_the_ai_backlog_ceiling_the_lobby_is_busy(stack: ServiceStack) -> None:
    for name in stack.names("ai-worker"):
        stack.terminate(name)
    engine = await nats.connect(stack.url_for("engine-commands"))  # it sends the AI work
    try:
        for _ in range(AI_BACKLOG):
            await engine.publish(Subjects(stack.prefix).ai_decide, b"{}")
        await engine.flush()
    finally:
        await engine.close()

    async def busy() -> bool:
        return _busy(await _start_one(stack), "ai_backlog")

    await eventually(busy, 30, "BUSY once the AI queue holds its ceiling")
