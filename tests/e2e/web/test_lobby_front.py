"""The lobby API's front against the web process (real NATS, Postgres, every service):
its door refuses what a cross-site page or a hostile client sends, with a code, before
any command is sent, and every response carries the security headers; its per-client
quotas hold one anonymous client to its games and open tables, however fast or
concurrently it asks, and another visitor is served meanwhile; the lobby page says a
reached quota in the reader's language.

Each quota test's clients have addresses of their own (the stack trusts loopback as its
proxy and reads ``X-Forwarded-For``), so the address quotas of one test never meet
another's; the door's clients send none (loopback's own quotas)."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
from collections import Counter
from collections.abc import AsyncIterator, Iterator

import pytest
from president.l10n import localizer
from president.settings import load_settings
from president.store.postgres import PostgresEventStore
from president_tools.stack import ServiceStack
from selenium import webdriver

from services.web.main import WebApp
from services.web.settings import WebSettings
from tests.e2e.web.conftest import web_stack
from tests.e2e.web.lobby_api import Answer, Visitor, visitor
from tests.e2e.web.page import Page

pytestmark = pytest.mark.timeout(180)

OPEN_TABLES, GAMES, CLIENTS_PER_ADDRESS = 2, 2, 3
LIMITS = {
    "PRESIDENT_WEB_TRUSTED_PROXIES": "127.0.0.1",
    "PRESIDENT_WEB_CLIENT_OPEN_TABLES": str(OPEN_TABLES),
    "PRESIDENT_WEB_CLIENT_GAMES": str(GAMES),
    "PRESIDENT_WEB_CLIENTS_PER_ADDRESS": str(CLIENTS_PER_ADDRESS),
    "PRESIDENT_WEB_CLIENT_RATE": "20",
    "PRESIDENT_WEB_CLIENT_BURST": "40",
}
ALL_AI_BUT_ONE = {"players": 3, "rounds": 20, "ai": {"1": "hard", "2": "hard"}}
"""The attack's table, as far as the lobby lets it: every seat an AI but the person's."""
_addresses = (f"10.34.{n // 250}.{n % 250 + 1}" for n in itertools.count())


@pytest.fixture(scope="module")
def stack(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceStack]:
    yield from web_stack(database_url, tmp_path_factory.mktemp("quotas"), **LIMITS)


# -- the door -------------------------------------------------------------------

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}


@pytest.fixture
async def client(stack: ServiceStack) -> AsyncIterator[Visitor]:
    web = stack.nats_web
    assert web is not None
    async with visitor(stack.web_url, web.web_origin) as one:
        yield one


async def _tables_created(stack: ServiceStack) -> int:
    """The tables the log holds: the source of truth, not the lobby's listing, which
    follows the log (a table the previous test opened may reach it only later)."""
    store = await PostgresEventStore.connect(stack.database_url)
    try:
        return len(await store.read_all(limit=100_000, types=["TableCreated"]))
    finally:
        await store.close()


async def test_a_json_create_from_the_page_opens_a_table(client: Visitor) -> None:
    created = await client.create(players=3, ai={"1": "easy", "2": "easy"})
    assert created.status == 201, created.body
    assert (await client.get(f"/api/tables/{created.body['table_id']}")).status == 200


async def test_a_cross_site_text_plain_post_creates_no_table(
    client: Visitor, stack: ServiceStack
) -> None:
    before = await _tables_created(stack)
    body = b'{"players": 3}'
    as_text = await client.post("/api/tables", raw=body, content_type="text/plain")
    as_form = await client.post(
        "/api/tables", raw=b"players=3", content_type="application/x-www-form-urlencoded"
    )
    assert (as_text.status, as_text.code) == (415, "not_json")
    assert (as_form.status, as_form.code) == (415, "not_json")
    foreign = await client.post("/api/tables", {"players": 3}, origin="https://evil.example")
    missing = await client.post("/api/tables", {"players": 3}, origin=None)
    assert (foreign.status, foreign.code) == (403, "bad_origin")
    assert (missing.status, missing.code) == (403, "bad_origin")
    assert await _tables_created(stack) == before


@pytest.mark.parametrize(
    ("raw", "status", "code"),
    [
        (b'{"ai": ' + b"[" * 1500 + b"]" * 1500 + b"}", 400, "too_deep"),
        (b'{"ai": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {}}}}}}}}}', 400, "too_deep"),
        (b'{"name": "' + b"x" * 5000 + b'"}', 413, "too_large"),
        (b'{"players": 3, "players": 4}', 400, "duplicate_key"),
        (b'{"players": 3', 400, "bad_json"),
        (b"[1, 2]", 400, "bad_json"),
        (b'{"ai": {"01": "easy"}}', 400, "bad_request"),
        (b'{"turn_seconds": "5"}', 400, "bad_request"),
        (b'{"players": "3"}', 400, "bad_request"),
    ],
)
async def test_a_hostile_body_is_refused_with_a_code_never_a_500(
    client: Visitor, raw: bytes, status: int, code: str
) -> None:
    answer = await client.post("/api/tables", raw=raw)
    assert (answer.status, answer.code) == (status, code), answer.body


async def test_every_response_carries_the_security_headers(client: Visitor) -> None:
    paths = ["/", "/api/config", "/static/main.js", "/l10n/en.ftl", "/l10n/xx.ftl", "/nowhere"]
    answers = [await client.get(path) for path in paths]
    answers.append(await client.post("/api/tables", raw=b"x", content_type="text/plain"))
    answers.append(await client.get("/api/tables/tnothere"))
    for answer in answers:
        for name, value in SECURITY_HEADERS.items():
            assert answer.headers.get(name) == value, (answer.status, name)
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]


# -- quotas -----------------------------------------------------------------------


def _origin(stack: ServiceStack) -> str:
    web = stack.nats_web
    assert web is not None
    return web.web_origin


async def _play(client: Visitor) -> list[Answer]:
    """Open a table, sit at it and start it, as the page does (stops at a refusal)."""
    answers = [await client.create(**ALL_AI_BUT_ONE)]
    if answers[-1].status == 201:
        table_id = answers[-1].body["table_id"]
        answers.append(await client.sit(table_id))
        if answers[-1].status == 201:
            answers.append(await client.start(table_id))
    return answers


def _started(answers: list[Answer]) -> bool:
    return len(answers) == 3 and answers[-1].status == 200


async def test_one_client_cannot_start_more_games_than_its_quota(stack: ServiceStack) -> None:
    async with visitor(stack.web_url, _origin(stack), address=next(_addresses)) as attacker:
        tries = [await _play(attacker) for _ in range(8)]
    assert sum(map(_started, tries)) == GAMES
    refusals = Counter(answers[-1].code for answers in tries if not _started(answers))
    assert set(refusals) == {"TOO_MANY_GAMES", "TOO_MANY_TABLES"}, refusals
    assert refusals["TOO_MANY_GAMES"] == OPEN_TABLES  # then its open tables are full
    refused = next(a[-1] for a in tries if a[-1].code == "TOO_MANY_GAMES")
    assert (refused.status, refused.body["params"]) == (429, {"max": GAMES})


async def test_a_client_that_drops_its_browser_id_meets_its_address_quota(
    stack: ServiceStack,
) -> None:
    address, started = next(_addresses), 0
    for _ in range(3 * GAMES * CLIENTS_PER_ADDRESS):
        async with visitor(stack.web_url, _origin(stack), address=address) as fresh:
            started += _started(await _play(fresh))
    assert started == GAMES * CLIENTS_PER_ADDRESS


async def test_the_open_table_cap_is_exact_under_concurrent_creates(stack: ServiceStack) -> None:
    async with visitor(stack.web_url, _origin(stack), address=next(_addresses)) as client:
        assert (await client.get("/api/config")).status == 200  # its browser id
        answers = await asyncio.gather(*(client.create(**ALL_AI_BUT_ONE) for _ in range(20)))
    assert Counter(a.status for a in answers) == {201: OPEN_TABLES, 429: 20 - OPEN_TABLES}
    address = next(_addresses)

    async def cookieless() -> Answer:
        async with visitor(stack.web_url, _origin(stack), address=address) as fresh:
            return await fresh.create(**ALL_AI_BUT_ONE)

    answers = await asyncio.gather(*(cookieless() for _ in range(20)))
    most = OPEN_TABLES * CLIENTS_PER_ADDRESS
    assert Counter(a.status for a in answers) == {201: most, 429: 20 - most}


@pytest.fixture
async def replica(stack: ServiceStack) -> AsyncIterator[str]:
    """A second web process on the stack's NATS (in this one: ports of its own, for its
    lobby API and its door; the stack's callout answers the browsers): the base URL of its
    lobby API."""
    env = stack.environment("web-2", role="web") | {
        "PRESIDENT_WEB_PORT": "0",
        "PRESIDENT_WEB_DOOR_PORT": "0",
        "PRESIDENT_WEB_CALLOUT": "false",
    }
    second = WebApp(load_settings(env, cls=WebSettings))
    await second.start()
    try:
        yield f"http://127.0.0.1:{second.port}/"
    finally:
        await second.stop()


async def test_the_open_table_cap_is_exact_across_two_web_replicas(
    stack: ServiceStack, replica: str
) -> None:
    urls = (stack.web_url, replica)
    async with visitor(urls[0], _origin(stack), address=next(_addresses)) as client:
        assert (await client.get("/api/config")).status == 200  # its browser id, on both
        on = [client, dataclasses.replace(client, url=replica.rstrip("/"))]
        answers = await asyncio.gather(*(on[n % 2].create(**ALL_AI_BUT_ONE) for n in range(20)))
    assert Counter(a.status for a in answers) == {201: OPEN_TABLES, 429: 20 - OPEN_TABLES}
    address = next(_addresses)

    async def cookieless(url: str) -> Answer:
        async with visitor(url, _origin(stack), address=address) as fresh:
            return await fresh.create(**ALL_AI_BUT_ONE)

    answers = await asyncio.gather(*(cookieless(urls[n % 2]) for n in range(20)))
    most = OPEN_TABLES * CLIENTS_PER_ADDRESS
    assert Counter(a.status for a in answers) == {201: most, 429: 20 - most}


async def test_a_visitor_is_served_while_another_client_holds_its_maximum_and_floods(
    stack: ServiceStack,
) -> None:
    origin = _origin(stack)
    async with (
        visitor(stack.web_url, origin, address=next(_addresses)) as attacker,
        visitor(stack.web_url, origin, address=next(_addresses)) as guest,
    ):
        held = [await attacker.create(**ALL_AI_BUT_ONE) for _ in range(OPEN_TABLES + 1)]
        assert [a.status for a in held] == [201] * OPEN_TABLES + [429]
        table = f"/api/tables/{held[0].body['table_id']}"
        flood = asyncio.gather(*(attacker.get(table) for _ in range(400)))
        served = [await _play(guest) for _ in range(GAMES)]
        flooded = Counter(a.code or a.status for a in await flood)
    assert all(map(_started, served)), served
    assert flooded["RATE_LIMITED"] > 300, flooded


START_A_GAME = """
const done = arguments[arguments.length - 1];
const post = async (path, body) => (await fetch(path, {method: 'POST',
  headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})).status;
(async () => {
  const created = await fetch('/api/tables', {method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({players: 3, rounds: 1, ai: {1: 'easy', 2: 'easy'}})});
  const {table_id} = await created.json();
  done([created.status, await post(`/api/tables/${table_id}/seats`, {name: 'Ann', seat: 0}),
        await post(`/api/tables/${table_id}/start`, {})]);
})();
"""
"""One game of the browser's own (its browser id, its address), through the lobby API."""


def test_the_lobby_page_says_in_the_readers_language_that_a_quota_is_reached(
    stack: ServiceStack, browser: webdriver.Chrome
) -> None:
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.setExtraHTTPHeaders", {"headers": {"X-Forwarded-For": next(_addresses)}}
    )
    page = Page(browser, stack.web_url)
    page.open("?lang=ka")
    page.wait(lambda: page.element("create").is_displayed(), "the lobby")
    for _ in range(GAMES):
        assert browser.execute_async_script(START_A_GAME) == [201, 201, 200]
    page.element("player-name").send_keys("Ann")
    page.element("create").click()
    shown = page.wait(lambda: page.text("lobby-error"), "the refusal")
    expected = localizer("ka").text("table-refused-TOO_MANY_GAMES", max=GAMES)
    isolates = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))
    assert shown.translate(isolates) == expected.translate(isolates)
    assert page.element("lobby").is_displayed() and not page.element("table").is_displayed()
