"""The engine's use cases on the in-memory store: the rules, the log, the replies."""

from __future__ import annotations

import itertools

from president import fairness
from president.contract import Accepted, GetView, Rejected, RejectionCode, stream_id_of_game
from president.game import GAME_SERVICE_EVENT_TYPES
from president.game.fold import seats_to_act
from president.rules import Options, Refusal, legal_actions, replay
from president.rules.events import event_from_dict
from president.store.memory import InMemoryEventStore

from services.engine.use_cases import GameService
from services.relay.game_routing import game_route
from tests.support.engine import command_for, human_token, write_table


def _engine(store: InMemoryEventStore) -> GameService:
    counter = itertools.count()
    return GameService(store, secret="s", new_seed=lambda: f"{next(counter):064x}")


async def _play_out(engine: GameService, table_id: str) -> int:
    """Play legal actions (the first one) until the game ends; return the count."""
    played = 0
    while True:
        game = await engine.games.load(table_id)
        assert game.state is not None
        if game.state.is_terminal:
            return played
        seat = seats_to_act(game.state)[0]
        action = legal_actions(game.state, seat)[0]
        reply = await engine.handle(command_for(table_id, action, f"c{played}"))
        assert isinstance(reply, Accepted), reply
        played += 1


async def test_a_started_table_gets_a_game_with_round_one_dealt() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1")
    engine = _engine(store)
    result = await engine.start_game("t1")
    assert not isinstance(result, Refusal)
    events = await store.read_stream(stream_id_of_game("t1"))
    assert [e.type for e in events] == ["GameCreated", "DealCommitted", "RoundDealt", "PlayStarted"]


async def test_a_start_request_twice_creates_one_game() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1")
    engine = _engine(store)
    await engine.start_game("t1")
    await engine.start_game("t1")
    assert await store.stream_version(stream_id_of_game("t1")) == 4


async def test_a_table_with_a_free_seat_or_no_table_does_not_start() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1", free_seats=(2,))
    engine = _engine(store)
    refused = await engine.start_game("t1")
    assert isinstance(refused, Refusal) and refused.code is RejectionCode.NOT_ENOUGH_PLAYERS
    unknown = await engine.start_game("nope")
    assert isinstance(unknown, Refusal) and unknown.code is RejectionCode.UNKNOWN_TABLE
    assert await store.stream_version(stream_id_of_game("t1")) == 0


async def test_a_series_plays_out_and_replays_from_the_log_with_seeds_that_match() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1", players=5, rounds=3)
    engine = _engine(store)
    await engine.start_game("t1")
    await _play_out(engine, "t1")
    events = await store.read_stream(stream_id_of_game("t1"))
    rules_events = [
        event_from_dict(e.type, e.data) for e in events if e.type not in GAME_SERVICE_EVENT_TYPES
    ]
    final = replay(Options(players=5, rounds=3), rules_events)
    assert final.is_terminal and len(final.results) == 3
    commits = {e.data["round"]: e.data for e in events if e.type == "DealCommitted"}
    reveals = {e.data["round"]: e.data["seed"] for e in events if e.type == "SeedRevealed"}
    assert sorted(reveals) == [1, 2, 3]
    for rnd, seed in reveals.items():
        assert fairness.verify_commitment("t1", rnd, seed, commits[rnd]["commitment"])


async def test_the_public_route_never_shows_a_seed_before_its_reveal_or_an_unplayed_card() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1", players=4, rounds=2)
    engine = _engine(store)
    await engine.start_game("t1")
    await _play_out(engine, "t1")
    events = await store.read_stream(stream_id_of_game("t1"))
    seeds = {e.data["seed"] for e in events if e.type == "DealCommitted"}
    route = game_route("president")
    revealed: set[str] = set()
    for event in events:
        if event.type == "SeedRevealed":
            revealed.add(event.data["seed"])
        for message in route(event):
            if message.subject.endswith(".public"):
                text = message.payload.decode()
                assert {seed for seed in seeds if seed in text} <= revealed
                assert "token_sha256" not in text and '"hands"' not in text
                if event.type in ("CardsGiven", "CardsReturned"):
                    assert '"cards"' not in text


async def test_commands_are_checked_in_order_token_then_turn() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1")
    engine = _engine(store)
    await engine.start_game("t1")
    game = await engine.games.load("t1")
    assert game.state is not None
    action = legal_actions(game.state, 0)[0]
    wrong = command_for("t1", action, "x1", token="nope")
    reply = await engine.handle(wrong)
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.BAD_TOKEN
    other = command_for("t1", action, "x2").model_copy(
        update={"seat": 1, "seat_token": human_token("t1", 1)}
    )
    reply = await engine.handle(other)
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.NOT_YOUR_TURN


async def test_a_query_for_an_unknown_table_is_refused() -> None:
    engine = _engine(InMemoryEventStore())
    reply = await engine.view(GetView(table_id="ghost", seat=0, seat_token="x"))
    assert isinstance(reply, Rejected) and reply.code is RejectionCode.UNKNOWN_TABLE


async def test_the_same_command_id_twice_has_one_effect_and_one_reply() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1")
    engine = _engine(store)
    await engine.start_game("t1")
    game = await engine.games.load("t1")
    assert game.state is not None
    command = command_for("t1", legal_actions(game.state, 0)[0], "once")
    first = await engine.handle(command)
    again = await engine.handle(command)
    assert isinstance(first, Accepted) and isinstance(again, Accepted)
    assert again.duplicate and (again.first_version, again.positions) == (
        first.first_version,
        first.positions,
    )
    assert await store.stream_version("game-t1") == first.last_version


async def test_a_rejected_command_id_stays_rejected() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1")
    engine = _engine(store)
    await engine.start_game("t1")
    game = await engine.games.load("t1")
    assert game.state is not None
    command = command_for("t1", legal_actions(game.state, 0)[0], "early", None)
    stale = command.model_copy(update={"expected_version": 1})
    first = await engine.handle(stale)
    assert isinstance(first, Rejected) and first.code is RejectionCode.STALE_VERSION
    assert await engine.handle(stale) == first
    # The same id with another body (no expected version) is another command: refused.
    reused = await engine.handle(command)
    assert isinstance(reused, Rejected) and reused.code is RejectionCode.COMMAND_ID_REUSED
    assert await engine.handle(stale) == first


async def test_an_owner_whose_cached_fold_fell_behind_decides_on_the_log() -> None:
    # Two instances both taking a table (its partition moving between them): the one
    # whose cached fold is behind neither forks the stream nor refuses a due seat.
    store = InMemoryEventStore()
    await write_table(store, "t1")
    behind, other = _engine(store), _engine(store)
    await behind.start_game("t1")
    for n in range(3):
        engine = behind if n == 0 else other
        game = await engine.games.load("t1")
        assert game.state is not None
        seat = seats_to_act(game.state)[0]
        action = legal_actions(game.state, seat)[0]
        reply = await engine.handle(command_for("t1", action, f"c{n}"))
        assert isinstance(reply, Accepted), reply
    # ``behind`` cached the game after c0; ``other`` played two moves since
    game = await other.games.load("t1")
    assert game.state is not None
    due = seats_to_act(game.state)[0]
    stale = behind.games.peek("t1")
    assert stale is not None and stale.version < game.version
    assert stale.state is not None and seats_to_act(stale.state)[0] != due

    accepted = await behind.handle(command_for("t1", legal_actions(game.state, due)[0], "c3"))
    refused = await behind.handle(
        command_for("t1", legal_actions(stale.state, seats_to_act(stale.state)[0])[0], "c4")
    )

    assert isinstance(refused, Rejected) and refused.code is RejectionCode.NOT_YOUR_TURN
    assert isinstance(accepted, Accepted), accepted
    versions = [e.version for e in await store.read_stream(stream_id_of_game("t1"))]
    assert versions == list(range(1, len(versions) + 1))
