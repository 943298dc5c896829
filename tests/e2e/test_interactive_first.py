"""Interactive games first (issue 34): the AI decisions of a game with a person at the
table never wait behind those of all-AI games. A person plays a game against Medium AIs,
alone and then while a batch of all-AI Hard games keeps the AI worker's queue full; the
AI seats' answer time (from the append that made the seat due to the append of its
move, read from the log) keeps its p95 within a few times the quiet one.

On the code before, one queue held both: the batch's decisions came first and the
person's AI opponents waited behind every one of them."""

from __future__ import annotations

import contextlib
import itertools
import statistics
from collections.abc import AsyncIterator, Iterator

import nats.js.errors
import pytest
from president.client import PresidentClient
from president.contract import Subjects, stream_id_of_game
from president.store.postgres import PostgresEventStore
from president_tools.demo.terminal import play_game
from president_tools.stack import ServiceStack

from tests.e2e.conftest import running_stack
from tests.fixtures.servers import TestServers
from tests.support.waiting import eventually

BATCH_TABLES = 40
"""All-AI tables of six Hard seats: far more decisions pending than a worker takes at once."""
ROUNDS = 2
SLOWER_AT_MOST = 3.0
"""The p95 with the batch running, at most this many times the quiet one (or the quiet
one plus ``SLACK_S``): the machine is shared, and the batch's games load the engine and
Postgres too (measured 184-319 ms against 14-78 ms alone at a load of 9-16). What the
issue measured was a queue: 1,469 ms p95, 1,055 ms median, on the code before."""
SLACK_S = 0.5


@pytest.fixture(scope="module")
def stack(
    database_url: str, servers: TestServers, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServiceStack]:
    """One AI worker with the default settings."""
    yield from running_stack(database_url, servers, tmp_path_factory, {}, ai_workers=1)


@pytest.fixture
async def client(stack: ServiceStack) -> AsyncIterator[PresidentClient]:
    connection = await PresidentClient.connect(stack.client_url, stack.prefix, name="person")
    yield connection
    await connection.close()


async def _person_plays(client: PresidentClient) -> str:
    """A game of a person (the first legal action, at once) and three Medium AIs."""

    async def first_action() -> str:
        return "1"

    outcome = await play_game(
        client, first_action, lambda _: None, players=4, rounds=ROUNDS, levels=("medium",)
    )
    assert outcome.finished, outcome
    return outcome.table_id


async def _ai_answer_times(stack: ServiceStack, table_id: str) -> list[float]:
    """Seconds from the append that made an AI seat due to the append of its move (the
    first event of each append an AI worker's command wrote, after the one before it)."""
    store = await PostgresEventStore.connect(stack.database_url)
    try:
        events = await store.read_stream(stream_id_of_game(table_id))
    finally:
        await store.close()
    times = []
    for before, event in itertools.pairwise(events):
        by_ai = event.metadata.get("requested_by_role") == "ai-worker"
        if by_ai and before.metadata.get("command_id") != event.metadata.get("command_id"):
            times.append((event.recorded_at - before.recorded_at).total_seconds())
    assert len(times) > 20, times
    return times


def _p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1]


async def _batch(client: PresidentClient) -> None:
    hard = dict.fromkeys(range(6), "hard")
    for _ in range(BATCH_TABLES):
        table_id = await client.create_table(players=6, rounds=100, ai_seats=hard)
        await client.start_game(table_id)


async def _queued(client: PresidentClient, subjects: Subjects, at_least: int) -> int:
    """Wait until the AI work queue holds ``at_least`` decisions; how many it holds."""
    held = 0

    async def full() -> bool:
        nonlocal held
        with contextlib.suppress(nats.js.errors.NotFoundError):
            info = await client.nats.jetstream().stream_info(subjects.ai_stream)
            held = info.state.messages
        return held >= at_least

    await eventually(full, within=120, what="the batch filling the AI queue")
    return held


@pytest.mark.alone
@pytest.mark.timeout(600)
async def test_a_persons_ai_opponents_answer_as_fast_while_all_ai_games_fill_the_queue(
    stack: ServiceStack, client: PresidentClient, capsys: pytest.CaptureFixture[str]
) -> None:
    quiet = await _ai_answer_times(stack, await _person_plays(client))
    await _batch(client)
    queued = await _queued(client, Subjects(stack.prefix), BATCH_TABLES // 2)
    busy = await _ai_answer_times(stack, await _person_plays(client))
    quiet_p95, busy_p95 = _p95(quiet), _p95(busy)
    with capsys.disabled():
        print(
            f"\nAI answer time in a person's game, p95: {quiet_p95 * 1000:.0f} ms alone,"
            f" {busy_p95 * 1000:.0f} ms with {BATCH_TABLES} all-AI Hard games running"
            f" ({queued} decisions queued when it started; medians"
            f" {statistics.median(quiet) * 1000:.0f} and {statistics.median(busy) * 1000:.0f} ms;"
            f" {len(quiet)} and {len(busy)} decisions)"
        )
    assert busy_p95 <= max(SLOWER_AT_MOST * quiet_p95, quiet_p95 + SLACK_S)
