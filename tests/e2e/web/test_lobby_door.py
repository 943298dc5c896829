"""The lobby API's front door against the web process (real NATS, Postgres, every
service): what a cross-site page or a hostile client sends is refused with a code before
any command is sent, and every response carries the security headers."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from president.client import PresidentClient
from president_tools.stack import ServiceStack

from tests.e2e.web.lobby_api import Visitor, visitor

pytestmark = pytest.mark.timeout(120)

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


async def _open_tables(stack: ServiceStack) -> int:
    lobby = await PresidentClient.connect(stack.url_for("integrator"), stack.prefix)
    try:
        return len(await lobby.list_tables("open"))
    finally:
        await lobby.close()


async def test_a_json_create_from_the_page_opens_a_table(client: Visitor) -> None:
    created = await client.create(players=3, ai={"1": "easy", "2": "easy"})
    assert created.status == 201, created.body
    assert (await client.get(f"/api/tables/{created.body['table_id']}")).status == 200


async def test_a_cross_site_text_plain_post_creates_no_table(
    client: Visitor, stack: ServiceStack
) -> None:
    before = await _open_tables(stack)
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
    assert await _open_tables(stack) == before


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
