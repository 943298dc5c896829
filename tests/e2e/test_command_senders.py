"""Command ids that no one else can claim, and seats that only their taker plays, on the
locked-down bus: the services run as their own identities on a real nats-server and
Postgres; the integrator, a rival platform's integrator and an AI worker send commands
(issue 22: the attacks of id squatting and of a seat token in another identity's hands).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator

import pytest
from president.audit import audit_events
from president.audit.text import render_text
from president.client import PresidentClient
from president.contract import (
    Accepted,
    Away,
    Back,
    GetView,
    Leave,
    Pass,
    Rejected,
    RejectionCode,
    TakeSeat,
    ViewReply,
    ai_command_id,
    takeover_command_id,
    timeout_command_id,
)
from president.game.seats import ai_seat_token
from president.store import RecordedEvent
from president.store.postgres import PostgresEventStore
from president_tools.stack import ServiceStack

from tests.e2e.conftest import secured_stack
from tests.support.waiting import eventually

RIVAL = "rival-integrator"
SECRET = "e2e-command-senders"
SQUATTED_VERSIONS = 300
"""Versions whose AI, time-out and takeover ids are claimed: past a 3-seat round's end."""


@pytest.fixture(scope="module")
def stack(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceStack]:
    """The locked-down stack, with a rate that lets the squatter send every id it wants
    (the rate limit is not the guard) and a known token secret (for the AI seats' tokens)."""
    run_dir = tmp_path_factory.mktemp("senders")
    rate = {"PRESIDENT_COMMAND_RATE": "100000", "PRESIDENT_COMMAND_BURST": "100000"}
    env = {"PRESIDENT_BUDGET_MS": "5", **rate}
    yield from secured_stack(database_url, run_dir, RIVAL, env, token_secret=SECRET)


async def _as(stack: ServiceStack, user: str) -> PresidentClient:
    client = await PresidentClient.connect(stack.url_for(user), stack.prefix, name=user)
    client.timeout = 30
    return client


async def _events(stack: ServiceStack, stream_id: str) -> list[RecordedEvent]:
    store = await PostgresEventStore.connect(stack.database_url)
    try:
        return list(await store.read_stream(stream_id))
    finally:
        await store.close()


async def _ended_within(stack: ServiceStack, table_id: str, seconds: float) -> float:
    """How long the game took to end from now (fails after ``seconds``)."""
    store = await PostgresEventStore.connect(stack.database_url)

    async def ended() -> bool:
        events = await store.read_stream(f"game-{table_id}")
        return bool(events) and events[-1].type == "GameEnded"

    try:
        return await eventually(ended, seconds, f"GameEnded of {table_id}", every=0.2)
    finally:
        await store.close()


async def _started(stack: ServiceStack, table_id: str) -> None:
    """Once the engine created the game (it reacts to the start request)."""
    store = await PostgresEventStore.connect(stack.database_url)

    async def started() -> bool:
        return bool(await store.stream_version(f"game-{table_id}"))

    try:
        await eventually(started, 15, f"the game of {table_id} started")
    finally:
        await store.close()


def _code(reply: object) -> RejectionCode:
    assert isinstance(reply, Rejected), reply
    return reply.code


@pytest.mark.timeout(180)
async def test_the_ai_time_out_and_takeover_ids_of_a_table_in_play_cannot_be_claimed(
    stack: ServiceStack,
) -> None:
    """The integrator sends its own seat's command under every AI, time-out and takeover
    id the table will use, then leaves: each claim is refused FORBIDDEN unread, and the
    AI workers and the takeover play the game to its end (the old code remembered the
    claims' refusals under those ids, and the table froze)."""
    owner = await _as(stack, "integrator")
    try:
        table_id = await owner.create_table(players=3, ai_seats={1: "easy", 2: "easy"})
        seat, token = await owner.take_seat(table_id, "Ann")
        squats = [
            make(table_id, version, s)
            for version in range(1, SQUATTED_VERSIONS)
            for make, seats in (
                (ai_command_id, (1, 2)),
                (timeout_command_id, (0, 1, 2)),
                (takeover_command_id, (0,)),
            )
            for s in seats
        ]
        claims = [
            Pass(command_id=command_id, table_id=table_id, seat=seat, seat_token=token)
            for command_id in squats
        ]
        await owner.start_game(table_id)
        await _started(stack, table_id)
        replies = await asyncio.gather(*(owner.send(claim) for claim in claims))
        assert {_code(reply) for reply in replies} == {RejectionCode.FORBIDDEN}
        await owner.leave(table_id, seat, token)
        took = await _ended_within(stack, table_id, 60)
    finally:
        await owner.close()
    events = await _events(stack, f"game-{table_id}")
    used = [e for e in events if e.metadata.get("command_id") in set(squats)]
    assert used  # the AI workers and the takeover wrote under those very ids
    assert {e.metadata["requested_by"] for e in used} <= {"ai-worker", "engine"}
    print(f"\nsquatted {len(squats)} ids; the game ended {took:.1f} s after the Leave")


@pytest.mark.timeout(120)
async def test_an_id_another_identity_claimed_first_is_still_the_owners_to_use(
    stack: ServiceStack,
) -> None:
    """The rival sends first, under the ids the owner then uses, a refused TakeSeat and a
    stale move of the owner's seat (with its token): each gets its own answer, and the
    owner's commands are decided as if the rival had never sent a thing."""
    owner, rival = await _as(stack, "integrator"), await _as(stack, RIVAL)
    try:
        table_id = await owner.create_table(players=3, ai_seats={1: "easy", 2: "easy"})
        take_id = f"take-{uuid.uuid4().hex}"
        squat = TakeSeat(command_id=take_id, table_id=table_id, player_name="Eve", seat=1)
        assert _code(await rival.send(squat)) is RejectionCode.SEAT_TAKEN
        take = TakeSeat(command_id=take_id, table_id=table_id, player_name="Ann")
        taken = await owner.send(take)
        assert isinstance(taken, Accepted) and taken.seat == 0 and taken.seat_token, taken
        assert _code(await rival.send(squat)) is RejectionCode.SEAT_TAKEN  # its own, again
        token = taken.seat_token
        await owner.start_game(table_id)
        await _started(stack, table_id)

        view = await _due(owner, table_id, token)
        move_id = f"move-{uuid.uuid4().hex}"
        stale = Pass(command_id=move_id, table_id=table_id, seat=0, seat_token=token)
        refused = await rival.send(stale.model_copy(update={"expected_version": 1}))
        assert _code(refused) is RejectionCode.FORBIDDEN  # a token is not the seat's taker
        action = view.view.legal_actions[0]
        played = await owner.act(table_id, 0, token, action, command_id=move_id)
        assert isinstance(played, Accepted) and not played.duplicate, played
        await owner.leave(table_id, 0, token)
        await _ended_within(stack, table_id, 60)
    finally:
        await owner.close()
        await rival.close()


async def _due(owner: PresidentClient, table_id: str, token: str) -> ViewReply:
    """Seat 0's view once it is due to act."""
    for _ in range(200):
        view = await owner.get_view(table_id, 0, token)
        if view.view.legal_actions:
            return view
        await asyncio.sleep(0.1)
    raise AssertionError("seat 0 never became due")


@pytest.mark.timeout(120)
async def test_a_seat_is_played_only_by_its_taker_and_the_audit_names_who_asked(
    stack: ServiceStack,
) -> None:
    owner, rival, worker = (
        await _as(stack, "integrator"),
        await _as(stack, RIVAL),
        await _as(stack, "ai-worker"),
    )
    try:
        table_id = await owner.create_table(players=3, ai_seats={1: "easy", 2: "easy"})
        seat, token = await owner.take_seat(table_id, "Ann")
        await owner.start_game(table_id)
        await _started(stack, table_id)
        ai_token = ai_seat_token(SECRET, table_id, 1)

        def away(seat: int, token: str) -> Away:
            return Away(command_id=uuid.uuid4().hex, table_id=table_id, seat=seat, seat_token=token)

        for sender, command in (
            (worker, away(seat, token)),  # an AI worker with a person's token
            (rival, away(seat, token)),  # another platform with it
            (owner, away(1, ai_token)),  # the integrator acting for an AI seat
            (worker, GetView(table_id=table_id, seat=seat, seat_token=token)),
            (owner, GetView(table_id=table_id, seat=1, seat_token=ai_token)),
        ):
            assert _code(await sender.send(command)) is RejectionCode.FORBIDDEN, command
        assert isinstance(
            await worker.send(GetView(table_id=table_id, seat=1, seat_token=ai_token)), ViewReply
        )
        for kind in (Away, Back, Leave):  # the seat's own taker
            reply = await owner.send(
                kind(command_id=uuid.uuid4().hex, table_id=table_id, seat=seat, seat_token=token)
            )
            assert isinstance(reply, Accepted), (kind, reply)
        await _ended_within(stack, table_id, 60)
    finally:
        for client in (owner, rival, worker):
            await client.close()

    events = await _events(stack, f"game-{table_id}")
    asked = [e for e in events if e.type in ("SeatAway", "SeatBack", "SeatLeft")]
    assert [e.type for e in asked] == ["SeatAway", "SeatBack", "SeatLeft"]
    assert {(e.metadata["requested_by"], e.metadata["requested_by_role"]) for e in asked} == {
        ("integrator", "integrator")
    }
    text = render_text(audit_events(events))
    for kind in ("away", "back", "left"):
        assert f"{kind} (v" in text
    assert text.count(f"seat {seat} [by integrator]") == 3, text
