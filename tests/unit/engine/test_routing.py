"""Which engine instance owns a table, as the heartbeats say: stable, balanced, moved only
for the instance that comes or goes; junk and strangers' heartbeats change nothing."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import pytest
from president.bus.requests import _matches
from president.contract import Subjects

from services.engine.mechanisms.routing import (
    LOST_AFTER,
    MAX_PEERS,
    MAX_REACTING,
    NOT_REACTED,
    PERIOD,
    REACTED,
    Peers,
    Reactions,
    _reaction,
    instance_token,
    owner,
)

pytestmark = pytest.mark.unit

TABLES = [f"table-{n}" for n in range(3000)]


class Heard:
    """A heartbeat as nats-py hands it to the subscription."""

    def __init__(self, data: bytes):
        self.data = data


def beat(instance: str, state: str = "alive") -> Heard:
    return Heard(json.dumps({"instance": instance, "state": state}).encode())


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def peers(instance: str = "engine-a") -> tuple[Peers, Clock]:
    clock = Clock()
    return Peers(None, Subjects("p"), instance, clock=clock), clock  # type: ignore[arg-type]


def test_owners_are_spread_evenly_and_move_only_with_the_instance_that_goes() -> None:
    three = ["a", "b", "c"]
    counts = Counter(owner(t, three) for t in TABLES)
    assert set(counts) == set(three)
    assert all(900 <= n <= 1100 for n in counts.values()), counts
    two = ["a", "b"]
    for table_id in TABLES:
        before = owner(table_id, three)
        after = owner(table_id, two)
        assert after == before or before == "c"  # only c's tables move
        assert owner(table_id, list(reversed(three))) == before  # order does not matter


async def test_alone_every_table_is_answered_here() -> None:
    found, _ = peers()
    assert found.live() == ["engine-a"]
    assert all(found.forward_subject(f"p.cmd.game.{t}") is None for t in TABLES[:50])


async def test_a_heard_instance_gets_its_tables_passed_on_until_it_goes_quiet() -> None:
    found, clock = peers()
    await found._heard(beat("engine-b"))  # type: ignore[arg-type]
    assert found.live() == ["engine-a", "engine-b"]
    theirs = [t for t in TABLES[:200] if owner(t, ["engine-a", "engine-b"]) == "engine-b"]
    ours = [t for t in TABLES[:200] if t not in theirs]
    assert theirs and ours
    assert {found.forward_subject(f"p.cmd.game.{t}") for t in theirs} == {"p.engine.fwd.engine-b"}
    assert {found.forward_subject(f"p.cmd.game.{t}") for t in ours} == {None}

    clock.now += LOST_AFTER * PERIOD - 0.01
    assert found.live() == ["engine-a", "engine-b"]
    clock.now += 0.02  # three heartbeats missed
    assert found.live() == ["engine-a"]
    assert found.forward_subject(f"p.cmd.game.{theirs[0]}") is None


async def test_an_instance_that_says_it_leaves_is_dropped_at_once() -> None:
    found, _ = peers()
    await found._heard(beat("engine-b"))  # type: ignore[arg-type]
    await found._heard(beat("engine-b", "leaving"))  # type: ignore[arg-type]
    assert found.live() == ["engine-a"]


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"not json",
        b"[1, 2]",
        b'{"instance": "engine.b", "state": "alive"}',
        b'{"instance": "engine-b\\n", "state": "alive"}',
        b'{"instance": "engine-b", "state": "dead"}',
        b'{"instance": 7, "state": "alive"}',
        json.dumps({"instance": "x" * 65, "state": "alive"}).encode(),
        json.dumps({"instance": "b", "state": "alive", "pad": "x" * 300}).encode(),
    ],
)
async def test_a_malformed_heartbeat_changes_nothing(data: bytes) -> None:
    found, _ = peers()
    await found._heard(Heard(data))  # type: ignore[arg-type]
    assert found.live() == ["engine-a"]


async def test_its_own_heartbeat_is_not_another_instance_and_the_peers_are_bounded() -> None:
    found, _ = peers()
    await found._heard(beat("engine-a"))  # type: ignore[arg-type]
    assert found.live() == ["engine-a"]
    for n in range(MAX_PEERS + 10):
        await found._heard(beat(f"engine-{n}"))  # type: ignore[arg-type]
    assert len(found.live()) == MAX_PEERS + 1


def test_an_instance_id_becomes_one_subject_token() -> None:
    assert instance_token("engine-7c9f-x2") == "engine-7c9f-x2"
    assert instance_token("host.example:8080") == "host_example_8080"
    assert instance_token("") == "_"
    assert len(instance_token("e" * 100)) == 64


@pytest.mark.parametrize(
    ("subject", "expected"),
    [
        ("p.cmd.game.t1", True),
        ("p.cmd.game.", False),
        ("p.cmd.game.t1.x", False),
        ("p.cmd.table.CreateTable", False),
        ("q.cmd.game.t1", False),
        ("", False),
    ],
)
def test_a_passed_on_request_must_have_come_on_a_game_command_subject(
    subject: str, expected: Any
) -> None:
    assert _matches(subject, "p.cmd.game.*") is expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b'{"table_id": "t-1", "since": 3, "until": 5}', ("t-1", 3, 5)),
        (b'{"table_id": "t-1", "since": 5, "until": 5}', ("t-1", 5, 5)),
        (b'{"table_id": "t-1", "since": 6, "until": 5}', None),
        (b'{"table_id": "t.1", "since": 3, "until": 5}', None),
        (b'{"table_id": "t1\\n", "since": 3, "until": 5}', None),
        (b'{"table_id": "t-1", "since": -1, "until": 5}', None),
        (b'{"table_id": "t-1", "since": true, "until": 5}', None),
        (b'{"table_id": "t-1", "since": 3.0, "until": 5}', None),
        (b'{"table_id": "t-1", "since": 3}', None),
        (b'{"table_id": "t-1", "since": 3, "until": 5, "x": 1}', None),
        (b"[]", None),
        (b"junk", None),
        (json.dumps({"table_id": "t", "since": 1, "until": 2, "p": "x" * 300}).encode(), None),
    ],
)
def test_a_reaction_request_is_read_whole_or_not_at_all(
    data: bytes, expected: tuple[str, int, int] | None
) -> None:
    assert _reaction(data) == expected


class Asked:
    """A reaction request as the subscription hands it over, and its answer."""

    def __init__(self, data: bytes):
        self.data = data
        self.answers: list[bytes] = []

    async def respond(self, data: bytes) -> None:
        self.answers.append(data)


async def test_the_owner_says_whether_it_did_the_reaction() -> None:
    found, _ = peers()
    reactions = Reactions(None, Subjects("p"), found)  # type: ignore[arg-type]
    done: list[tuple[str, int, int]] = []

    async def react(table_id: str, since: int, until: int) -> None:
        if table_id == "broken":
            raise RuntimeError("the publisher is away")
        done.append((table_id, since, until))

    for body, answer in (
        (b'{"table_id": "t-1", "since": 3, "until": 5}', REACTED),
        (b'{"table_id": "broken", "since": 3, "until": 5}', NOT_REACTED),
        (b"junk", NOT_REACTED),
    ):
        asked = Asked(body)
        await reactions._react(react, asked)  # type: ignore[arg-type]
        assert asked.answers == [answer]
    assert done == [("t-1", 3, 5)]


async def test_a_reaction_for_an_owned_table_is_not_passed_on() -> None:
    found, _ = peers()
    reactions = Reactions(None, Subjects("p"), found)  # type: ignore[arg-type]
    assert await reactions.pass_on("t-1", 1, 2) is False  # alone: no client touched


async def test_beyond_max_reacting_the_asking_instance_is_told_to_react_itself() -> None:
    found, _ = peers()
    reactions = Reactions(None, Subjects("p"), found)  # type: ignore[arg-type]
    hold = asyncio.Event()
    done: list[str] = []

    async def react(table_id: str, since: int, until: int) -> None:
        await hold.wait()
        done.append(table_id)

    asked = [Asked(b'{"table_id": "t-1", "since": 1, "until": 1}') for _ in range(MAX_REACTING + 3)]
    for message in asked:
        await reactions._asked(react, message)  # type: ignore[arg-type]
    assert [a.answers for a in asked[MAX_REACTING:]] == [[NOT_REACTED]] * 3
    hold.set()
    await reactions.stop()
    assert len(done) == MAX_REACTING
    assert all(a.answers == [REACTED] for a in asked[:MAX_REACTING])
