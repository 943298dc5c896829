"""Turn clocks on a fake clock: deadlines, time-outs, takeover, away, back, leave, alarms."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Sequence
from datetime import timedelta

from president.clock import FakeClock
from president.contract import (
    Accepted,
    Away,
    Back,
    GetView,
    Leave,
    Rejected,
    RejectionCode,
    TableOptions,
    TurnEnded,
    TurnPrompt,
    stream_id_of_game,
)
from president.contract.subjects import PARTITIONS
from president.game import GAME_SERVICE_EVENT_TYPES, TAKEOVER_ACTOR, Game
from president.game.prompts import Prompt, prompts_for
from president.rules import Options, legal_actions, replay
from president.rules.events import event_from_dict
from president.store import RecordedEvent
from president.store.memory import InMemoryEventStore

from services.engine.reactor import Reactions, Reactor
from services.engine.sweep import UnreactedSweep
from services.engine.turn_clock import Alarm, TurnClock
from services.engine.use_cases import GameService
from tests.support.engine import alarms_of, command_for, human_token, write_table

CLOCKED = TableOptions(turn_seconds=2, exchange_seconds=3, away_after=2)


def _engine(store: InMemoryEventStore, clock: FakeClock) -> GameService:
    seeds = itertools.count()
    return GameService(
        store,
        secret="k",
        new_seed=lambda: f"{next(seeds):064x}",
        clock=clock,
        takeover_seed=1,
    )


async def _clocked(
    options: TableOptions = CLOCKED, **table: object
) -> tuple[GameService, FakeClock]:
    clock = FakeClock()
    store = InMemoryEventStore(clock=clock.now)
    await write_table(store, "t", options=options, **table)  # type: ignore[arg-type]
    engine = _engine(store, clock)
    await engine.start_game("t")
    return engine, clock


async def _events(engine: GameService) -> list[RecordedEvent]:
    return await engine._store.read_stream(stream_id_of_game("t"))


def _to_act(game: Game) -> int:
    return min(game.turns)


async def _time_out(engine: GameService, clock: FakeClock) -> Accepted | Rejected:
    """Move the clock to the earliest alarm and fire it as the turn clock would."""
    game = await engine.load("t")
    alarm = min(a for a in alarms_of(game) if a.kind == "takeover")
    await clock.set(alarm.at)
    return await engine.take_over("t", alarm.seat, alarm.turn_version, alarm.command_id)


async def test_a_seat_due_gets_its_deadline_in_the_log_and_in_its_prompt() -> None:
    engine, clock = await _clocked()
    game = await engine.load("t")
    seat = _to_act(game)
    deadline = clock.now() + timedelta(seconds=2)
    events = await _events(engine)
    assert events[-1].type == "TurnDeadlineSet"
    assert events[-1].data == {"seat": seat, "deadline": _iso(deadline), "seconds": 2.0}
    prompts = [m for m in prompts_for(game, 1, secret="k") if isinstance(m, TurnPrompt)]
    assert [(p.seat, p.clock.deadline) for p in prompts] == [(seat, deadline)]


async def test_a_table_without_a_clock_records_no_deadline() -> None:
    engine, _ = await _clocked(TableOptions())
    game = await engine.load("t")
    await engine.handle(command_for("t", legal_actions(game.state)[0], "c1"))
    assert "TurnDeadlineSet" not in [e.type for e in await _events(engine)]
    assert (await engine.load("t")).deadlines == {}


async def test_no_time_out_before_the_deadline_and_one_after_it() -> None:
    engine, clock = await _clocked()
    game = await engine.load("t")
    seat, turn = _to_act(game), game.turns[_to_act(game)]
    command_id = f"timeout:t:{turn}:{seat}"
    await clock.advance(1.999)
    early = await engine.take_over("t", seat, turn, command_id)
    assert isinstance(early, Rejected) and early.code is RejectionCode.NOT_YOUR_TURN
    await clock.advance(0.001)
    first = await engine.take_over("t", seat, turn, command_id)
    again = await engine.take_over("t", seat, turn, command_id)
    assert isinstance(first, Accepted) and not first.duplicate
    assert isinstance(again, Accepted) and again.duplicate
    events = await _events(engine)
    timed_out = [e for e in events if e.type == "TurnTimedOut"]
    assert [e.data["seat"] for e in timed_out] == [seat]
    assert timed_out[0].data["turn_version"] == turn
    played = events[timed_out[0].version]  # the event right after TurnTimedOut
    assert played.type in ("CardsPlayed", "Passed")
    assert played.metadata["actor"] == TAKEOVER_ACTOR
    assert played.metadata["takeover_seat"] == str(seat)
    assert played.metadata["takeover_level"] == "easy"
    assert played.metadata["takeover_reason"] == "timed_out"


async def test_the_takeover_plays_legal_actions_to_the_end_of_a_series() -> None:
    engine, clock = await _clocked(TableOptions(turn_seconds=1, rounds=2, away_after=None))
    for _ in range(400):
        game = await engine.load("t")
        assert game.state is not None
        if game.state.is_terminal:
            break
        reply = await _time_out(engine, clock)
        assert isinstance(reply, Accepted), reply
    events = await _events(engine)
    rules = [
        event_from_dict(e.type, e.data) for e in events if e.type not in GAME_SERVICE_EVENT_TYPES
    ]
    assert replay(Options(players=4, rounds=2), rules).is_terminal
    assert "RoundEnded" in [e.type for e in events] and "GameEnded" in [e.type for e in events]
    assert [e for e in events if e.type == "TurnTimedOut"]


async def test_a_late_action_is_rejected_with_turn_timed_out() -> None:
    engine, clock = await _clocked()
    game = await engine.load("t")
    seat, version, action = _to_act(game), game.version, legal_actions(game.state)[0]
    await _time_out(engine, clock)  # (the cached fold ``game`` moves on)
    reply = await engine.handle(command_for("t", action, "late"))
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.TURN_TIMED_OUT
    stale = command_for("t", action, "late-2").model_copy(update={"expected_version": version})
    reply = await engine.handle(stale)
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.TURN_TIMED_OUT
    assert reply.detail.startswith(f"seat {seat}'s turn timed out")


async def test_away_after_n_time_outs_in_a_row_then_played_at_once() -> None:
    engine, clock = await _clocked(TableOptions(turn_seconds=2, away_after=2))
    game = await engine.load("t")
    seat = _to_act(game)
    while (await engine.load("t")).timeouts_in_row.get(seat, 0) < 2:
        await _time_out(engine, clock)
    game = await engine.load("t")
    assert game.away == {seat: "timeouts"}
    away = [e for e in await _events(engine) if e.type == "SeatAway"]
    assert [e.data for e in away] == [{"seat": seat, "reason": "timeouts"}]
    while _to_act(game) != seat:  # the others time out until the away seat is due again
        await _time_out(engine, clock)
        game = await engine.load("t")
    deadline = game.deadlines[seat]
    assert deadline.seconds == 0 and deadline.at == clock.now()
    (alarm,) = [a for a in alarms_of(game) if a.seat == seat]
    assert alarm.command_id.startswith("takeover:") and alarm.at <= clock.now()
    reply = await engine.take_over("t", seat, alarm.turn_version, alarm.command_id)
    assert isinstance(reply, Accepted)
    last = (await _events(engine))[reply.first_version - 1]
    assert last.type != "TurnTimedOut" and last.metadata["takeover_reason"] == "away"


async def test_back_lifts_away_and_gives_the_due_seat_a_fresh_clock() -> None:
    engine, clock = await _clocked()
    game = await engine.load("t")
    seat = _to_act(game)
    token = human_token("t", seat)
    away = await engine.handle(Away(command_id="a1", table_id="t", seat=seat, seat_token=token))
    assert isinstance(away, Accepted)
    game = await engine.load("t")
    assert game.away == {seat: "asked"} and game.deadlines[seat].at == clock.now()
    again = await engine.handle(Away(command_id="a2", table_id="t", seat=seat, seat_token=token))
    assert isinstance(again, Accepted) and again.duplicate  # away already: nothing written
    await clock.advance(0.5)
    back = await engine.handle(Back(command_id="b1", table_id="t", seat=seat, seat_token=token))
    assert isinstance(back, Accepted)
    game = await engine.load("t")
    assert game.away == {}
    assert game.deadlines[seat].at == clock.now() + timedelta(seconds=2)
    assert game.turns[seat] == back.first_version + 1  # the turn starts again
    view = await engine.view(GetView(table_id="t", seat=seat, seat_token=token))
    assert not isinstance(view, Rejected)
    assert view.clock.seconds_left == 2.0 and not view.clock.away
    types = [e.type for e in await _events(engine)]
    assert types.count("SeatAway") == 1 and types.count("SeatBack") == 1


async def test_leave_hands_the_seat_to_the_takeover_level_for_good() -> None:
    engine, clock = await _clocked()
    game = await engine.load("t")
    seat = _to_act(game)
    token = human_token("t", seat)
    left = await engine.handle(Leave(command_id="l1", table_id="t", seat=seat, seat_token=token))
    twice = await engine.handle(Leave(command_id="l2", table_id="t", seat=seat, seat_token=token))
    assert isinstance(left, Accepted) and isinstance(twice, Accepted) and twice.duplicate
    back = await engine.handle(Back(command_id="b", table_id="t", seat=seat, seat_token=token))
    assert isinstance(back, Rejected) and back.code is RejectionCode.SEAT_LEFT
    game = await engine.load("t")
    own = await engine.handle(command_for("t", legal_actions(game.state)[0], "own"))
    assert isinstance(own, Rejected) and own.code is RejectionCode.SEAT_LEFT
    (alarm,) = alarms_of(game)
    assert alarm.command_id.startswith("takeover:") and alarm.at == clock.now()
    reply = await engine.take_over("t", seat, alarm.turn_version, alarm.command_id)
    assert isinstance(reply, Accepted)
    events = await _events(engine)
    left_event = next(e for e in events if e.type == "SeatLeft")
    assert left_event.data == {"seat": seat, "player_name": f"p{seat}"}
    taken = events[reply.first_version - 1]
    assert taken.type in ("CardsPlayed", "Passed")
    assert taken.metadata["takeover_reason"] == "left"
    assert "TurnTimedOut" not in [e.type for e in events]
    view = await engine.view(GetView(table_id="t", seat=seat, seat_token=token))
    assert not isinstance(view, Rejected) and view.clock.left and view.clock.away


async def test_a_turn_that_ends_is_announced_on_the_prompt_subject() -> None:
    engine, clock = await _clocked()
    game = await engine.load("t")
    seat, turn = _to_act(game), game.turns[_to_act(game)]
    reply = await _time_out(engine, clock)
    assert isinstance(reply, Accepted)
    game = await engine.load("t")
    messages = prompts_for(game, reply.first_version, secret="k")
    ended = [m for m in messages if isinstance(m, TurnEnded)]
    assert [(m.seat, m.stream_version, m.reason) for m in ended] == [(seat, turn, "timed_out")]
    assert isinstance(messages[-1], TurnPrompt)  # the new prompt comes after the end


async def test_an_ai_seat_has_a_longer_clock_and_is_asked_again_halfway() -> None:
    engine, clock = await _clocked(ai_seats=(0, 1, 2, 3))
    game = await engine.load("t")
    seat = _to_act(game)
    assert game.deadlines[seat].seconds == 6.0
    kinds = sorted((a.kind, a.at) for a in alarms_of(game))
    assert kinds == [
        ("reask", clock.now() + timedelta(seconds=3)),
        ("takeover", clock.now() + timedelta(seconds=6)),
    ]


async def test_the_turn_clock_fires_each_alarm_once_at_its_time() -> None:
    engine, clock = await _clocked()
    fired: list[Alarm] = []
    done = asyncio.Event()

    async def fire(alarm: Alarm) -> None:
        fired.append(alarm)
        done.set()

    turn_clock = TurnClock(clock, fire)
    stop = asyncio.Event()
    running = asyncio.create_task(turn_clock.run(stop))
    game = await engine.load("t")
    turn_clock.watch(game)
    turn_clock.watch(game)  # the same fold again: still one alarm
    await clock.advance(1.9)
    await asyncio.sleep(0)
    assert fired == []
    await clock.advance(0.1)
    await asyncio.wait_for(done.wait(), 5)
    assert [(a.seat, a.kind) for a in fired] == [(_to_act(game), "takeover")]
    assert turn_clock.pending("t") == []
    stop.set()
    await asyncio.wait_for(running, 5)


async def test_a_restarted_engine_finds_the_overdue_turn_in_the_log() -> None:
    engine, clock = await _clocked()
    await clock.advance(10)  # the engine that set the deadline is gone
    restarted = _engine(engine._store, clock)  # type: ignore[arg-type]
    turn_clock = TurnClock(clock, _never)
    sweep = _sweep(restarted, clock, turn_clock)
    assert await sweep.sweep() == 1  # its first look reacts to every table of its own
    (alarm,) = turn_clock.pending("t")
    assert alarm.at <= clock.now()  # overdue: it fires at once
    reply = await restarted.take_over("t", alarm.seat, alarm.turn_version, alarm.command_id)
    assert isinstance(reply, Accepted)
    again = await engine.take_over("t", alarm.seat, alarm.turn_version, alarm.command_id)
    assert isinstance(again, Accepted) and again.duplicate
    types = [e.type for e in await _events(engine)]
    assert types.count("TurnTimedOut") == 1


class _Prompts:
    async def publish(self, messages: Sequence[Prompt], *, interactive: bool = True) -> None:
        pass


def _sweep(engine: GameService, clock: FakeClock, turn_clock: TurnClock) -> UnreactedSweep:
    """The sweep of ``engine`` on its in-memory store (every table its own, every partition
    gained at its start, grace 10 s), reacting as the engine's reactor does: the alarms go
    to ``turn_clock``."""
    reactor = Reactor(engine, _Prompts(), secret="k", watch=turn_clock.watch)
    store = engine._store  # type: ignore[attr-defined]
    react, start = reactor.on_game, reactor.start
    sweep = UnreactedSweep(store, clock, react, start, owns=lambda _: True, grace=10)
    sweep.gained(set(range(PARTITIONS)))
    return sweep


async def _never(alarm: Alarm) -> None:
    raise AssertionError(f"fired {alarm}")


def _iso(moment: object) -> str:
    from datetime import datetime

    assert isinstance(moment, datetime)
    return moment.isoformat().replace("+00:00", "Z")


async def test_an_action_accepted_before_a_later_time_out_is_still_its_duplicate() -> None:
    engine, clock = await _clocked(TableOptions(turn_seconds=2, away_after=None))
    game = await engine.load("t")
    seat, version = _to_act(game), game.version
    command = command_for("t", legal_actions(game.state)[0], "mine").model_copy(
        update={"expected_version": version}
    )
    first = await engine.handle(command)
    assert isinstance(first, Accepted)
    while seat not in (await engine.load("t")).timed_out:  # the seat times out later on
        await _time_out(engine, clock)
    again = await engine.handle(command)
    assert isinstance(again, Accepted) and again.duplicate
    assert again.first_version == first.first_version


async def test_a_running_engine_sets_the_alarms_of_a_quiet_table_after_the_grace() -> None:
    clock = FakeClock()
    store = InMemoryEventStore(clock=clock.now)
    engine = _engine(store, clock)
    turn_clock = TurnClock(clock, _never)  # an engine running since before the table,
    sweep = _sweep(engine, clock, turn_clock)  # whose reactor never gets its events
    assert await sweep.sweep() == 0
    await write_table(store, "t", options=TableOptions(turn_seconds=30))
    await engine.start_game("t")
    await clock.advance(9)
    assert await sweep.sweep() == 0 and turn_clock.pending("t") == []  # within the grace
    await clock.advance(2)
    assert await sweep.sweep() == 1
    (alarm,) = turn_clock.pending("t")
    assert alarm.kind == "takeover" and alarm.at > clock.now()  # set before its deadline
    assert await sweep.sweep() == 0  # once per version


async def test_a_turn_ends_only_where_its_prompt_went() -> None:
    engine, clock = await _clocked(ai_seats=(1, 2, 3))
    reply = await _time_out(engine, clock)  # seat 0, a person, times out: seat 1 is due
    assert isinstance(reply, Accepted)
    reply = await _time_out(engine, clock)  # seat 1, an AI, times out
    assert isinstance(reply, Accepted)
    game = await engine.load("t")
    with_ai = prompts_for(game, 1, secret="k")
    without_ai = prompts_for(game, 1, secret="k", prompt_ai_seats=False)
    assert sorted(m.seat for m in with_ai if isinstance(m, TurnEnded)) == [0, 1]
    assert [m.seat for m in without_ai if isinstance(m, TurnEnded)] == [0]


async def test_the_reaction_to_an_engines_commit_sets_the_turn_clocks_alarms() -> None:
    clock = FakeClock()
    store = InMemoryEventStore(clock=clock.now)
    await write_table(store, "t", options=CLOCKED)
    turn_clock = TurnClock(clock, _never)

    async def react(table_id: str, first_version: int, last_version: int) -> None:
        await reactor.on_game(table_id, first_version, last_version)

    reactions = Reactions(react)  # as an engine process wires them (services.engine.main)
    engine = GameService(store, secret="k", clock=clock, react=reactions.queue.put_nowait)
    reactor = Reactor(engine, _Prompts(), secret="k", watch=turn_clock.watch)
    await engine.start_game("t")
    game = await engine.load("t")
    reply = await engine.handle(command_for("t", legal_actions(game.state)[0], "c1"))
    assert isinstance(reply, Accepted)
    await reactions.stop(5)  # the reactions queued (after the reply) run to their end
    next_seat = _to_act(await engine.load("t"))
    alarms = turn_clock.pending("t")
    assert [(a.seat, a.at) for a in alarms] == [(next_seat, clock.now() + timedelta(seconds=2))]
    assert alarms == alarms_of(await engine.load("t"))
