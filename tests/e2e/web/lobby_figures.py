"""Issue 34's attacks on the lobby API, measured against a fresh stack each (real NATS,
Postgres, every service and the web process), for the closing note: games one client
started in 30 s, what 68 concurrent creates leave another visitor, and what 27 visitors'
creates get while one client floods GETs. Not collected by the suite (no ``test_`` file
name: it runs 30 s of all-AI games); run it by name, on this tree or an exported one:

    .venv/bin/python -m pytest -q -s tests/e2e/web/lobby_figures.py
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from president_tools.stack import ServiceStack

from tests.e2e.web.conftest import web_stack
from tests.e2e.web.lobby_api import Answer, Visitor, visitor

ATTACK = {"players": 6, "rounds": 100, "ai": {str(seat): "hard" for seat in range(6)}}
"""The table of the issue's attack: six Hard AI seats, 100 rounds."""
ALLOWED = {"players": 6, "rounds": 20, "ai": {str(seat): "hard" for seat in range(1, 6)}}
"""The nearest a lobby with limits takes (a person's seat, its rounds)."""
ENV = {"PRESIDENT_WEB_TRUSTED_PROXIES": "127.0.0.1"}
_addresses = (f"10.37.{n // 250}.{n % 250 + 1}" for n in itertools.count())


@contextmanager
def _stack(database_url: str, run_dir: Path) -> Iterator[tuple[ServiceStack, str]]:
    running = web_stack(database_url, run_dir, **ENV)
    stack = next(running)
    try:
        web = stack.nats_web
        assert web is not None
        yield stack, web.web_origin
    finally:
        running.close()


def _say(line: str) -> None:
    print(f"\nFIGURE {line}", flush=True)


async def _start_game(client: Visitor, codes: Counter[Any]) -> bool:
    created = await client.create(**ATTACK)
    if created.code == "OVER_LIMIT":
        created = await client.create(**ALLOWED)
        if created.status == 201:
            await client.sit(created.body["table_id"])
    codes[f"create {created.code or created.status}"] += 1
    if created.status != 201:
        return False
    started = await client.start(created.body["table_id"])
    codes[f"start {started.code or started.status}"] += 1
    return started.status == 200


def test_games_one_client_starts_in_30_s(
    database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    async def attack(url: str, origin: str) -> tuple[int, Counter[Any]]:
        codes: Counter[Any] = Counter()
        started, deadline = 0, time.monotonic() + 30
        async with visitor(url, origin, address=next(_addresses)) as client:
            while time.monotonic() < deadline:
                started += await _start_game(client, codes)
        return started, codes

    with _stack(database_url, tmp_path_factory.mktemp("f1")) as (stack, origin):
        started, codes = asyncio.run(attack(stack.web_url, origin))
    _say(f"one client, 30 s: {started} games started; answers {dict(codes)}")


def test_68_concurrent_creates_then_a_visitor(
    database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    async def attack(url: str, origin: str) -> tuple[Counter[Any], Answer]:
        address = next(_addresses)
        async with visitor(url, origin, address=address) as client:
            answers = await asyncio.gather(*(client.create(**ALLOWED) for _ in range(68)))
        async with visitor(url, origin, address=next(_addresses)) as guest:
            return Counter(a.code or a.status for a in answers), await guest.create(**ALLOWED)

    with _stack(database_url, tmp_path_factory.mktemp("f2")) as (stack, origin):
        answers, guest = asyncio.run(attack(stack.web_url, origin))
    _say(f"68 concurrent creates of one client: {dict(answers)}")
    _say(f"then another visitor's create: {guest.status} {guest.code or ''}")


def test_a_get_flood_and_27_visitors_creates(
    database_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    async def attack(url: str, origin: str) -> tuple[int, Counter[Any], Counter[Any]]:
        async with visitor(url, origin, address=next(_addresses)) as flooder:
            opened = await flooder.create(**ALLOWED)
            assert opened.status == 201, opened
            table = f"/api/tables/{opened.body['table_id']}"
            stop, flooded = time.monotonic() + 10, Counter[Any]()

            async def flood() -> None:
                while time.monotonic() < stop:
                    answer = await flooder.get(table)
                    flooded[answer.code or answer.status] += 1

            floods = asyncio.gather(*(flood() for _ in range(16)))
            await asyncio.sleep(2)  # the flood under way
            guests: Counter[Any] = Counter()
            for _ in range(27):
                async with visitor(url, origin, address=next(_addresses)) as guest:
                    answer = await guest.create(**ALLOWED)
                    guests[answer.code or answer.status] += 1
            await floods
        return sum(flooded.values()) // 10, flooded, guests

    with _stack(database_url, tmp_path_factory.mktemp("f3")) as (stack, origin):
        _say(f"(the stack's log: {stack.log(stack.names('web')[0])})")
        rate, flooded, guests = asyncio.run(attack(stack.web_url, origin))
    _say(f"GET flood, 16 loops: {rate} requests/s, answers {dict(flooded)}")
    _say(f"27 visitors' creates meanwhile: {dict(guests)}")
