"""A complete game stream as the engine writes it, played by random legal moves (for the
audit benchmark and the tests)."""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import orjson
from president.contract import AILevel, TableOptions
from president.game import Game, TableState
from president.game.decide import decide_action, decide_start, to_game_command
from president.game.fold import appended
from president.game.seats import ai_seat_token, token_sha256
from president.game.table import Seat
from president.rules import Action, Options, Phase, Refusal, legal_actions
from president.store import GENESIS_HASH, EventStore, NewEvent, RecordedEvent
from president.store.prepared import prepare


@dataclass(frozen=True, slots=True)
class SampleGame:
    """A played game: the stream id and its appends (each a list of events written at once)."""

    table_id: str
    appends: tuple[tuple[NewEvent, ...], ...]

    @property
    def stream_id(self) -> str:
        return f"game-{self.table_id}"

    @property
    def events(self) -> tuple[NewEvent, ...]:
        return tuple(event for append in self.appends for event in append)


async def write_game(store: EventStore, game: SampleGame) -> None:
    """Append the game's appends to ``store`` one by one, as the engine would."""
    version = 0
    for append in game.appends:
        await store.append(game.stream_id, append, expected_version=version)
        version += len(append)


def recorded_game(game: SampleGame) -> list[RecordedEvent]:
    """The game as a store records it (chained by the store's own ``prepare``), with no store."""
    recorded: list[RecordedEvent] = []
    head_hash = GENESIS_HASH
    at = datetime(2026, 11, 29, tzinfo=UTC)
    for tx_id, append in enumerate(game.appends, start=1):
        for row in prepare(game.stream_id, len(recorded), head_hash, append):
            data, metadata = orjson.loads(row.data_json), orjson.loads(row.metadata_json)
            recorded.append(
                RecordedEvent(
                    game.stream_id,
                    row.version,
                    row.event_id,
                    row.version,
                    tx_id,
                    row.type,
                    row.schema_version,
                    data,
                    metadata,
                    at,
                    row.prev_hash,
                    row.hash,
                )
            )
            head_hash = row.hash
    return recorded


def sample_seed(seed: int, round_number: int) -> str:
    """A reproducible 64-hex round seed for sample games (real games use fresh random seeds)."""
    return hashlib.sha256(f"sample:{seed}:{round_number}".encode()).hexdigest()


SAMPLE_SECRET = "sample"
"""The token secret of sample games (their AI seats' tokens derive from it, as the engine's)."""


def sample_table(table_id: str, options: Options, names: Sequence[str] = ()) -> TableState:
    """A table of Easy AIs with ``options``, every seat taken, as its stream folds; the first
    ``len(names)`` seats are people of those names (their tokens derive as an AI's)."""

    def seat(n: int) -> Seat:
        if n >= len(names):
            return Seat(n, "ai", level=AILevel.EASY)
        token = token_sha256(ai_seat_token(SAMPLE_SECRET, table_id, n))
        return Seat(n, "human", player_name=names[n], token_sha256=token)

    return TableState(
        table_id,
        version=options.players + 2,  # TableCreated, a seat event per seat, GameStartRequested
        options=TableOptions(
            revolution=options.revolution, rounds=options.rounds, round_leader=options.round_leader
        ),
        seats=tuple(seat(n) for n in range(options.players)),
        start_requested=True,
    )


SAMPLE_TIME = datetime(2026, 1, 1, tzinfo=UTC)
"""The clock of a sample game (its table has no turn clock: the time is never recorded)."""

Policy = Callable[[list[Action], random.Random], Action]


def random_policy(actions: list[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(actions)


def play_sample_game(
    table_id: str,
    options: Options,
    seed: int = 1,
    policy: Policy = random_policy,
    names: Sequence[str] = (),
) -> SampleGame:
    """Play a whole series (random legal actions by default) and record it as the engine
    does: through ``president.game``'s decisions, one append per command (``names``: the
    people at the first seats, as ``sample_table`` seats them)."""
    rng = random.Random(seed)
    game = Game(table_id)
    started = decide_start(
        sample_table(table_id, options, names),
        secret=SAMPLE_SECRET,
        seed=sample_seed(seed, 1),
        now=SAMPLE_TIME,
    )
    assert not isinstance(started, Refusal), started
    appends: list[tuple[NewEvent, ...]] = []

    def record(append: list[NewEvent]) -> None:
        first = game.version + 1
        appends.append(tuple(append))
        game.apply(appended(append, first, range(first, first + len(append))))

    record(started)
    step = 0
    while game.state is not None and game.state.phase is not Phase.GAME_OVER:
        step += 1
        action = policy(legal_actions(game.state), rng)
        token = ai_seat_token(SAMPLE_SECRET, table_id, action.seat)
        command = to_game_command(
            action, table_id=table_id, seat_token=token, command_id=f"cmd-{step}"
        )
        next_seed = functools.partial(sample_seed, seed, game.state.round + 1)
        decided = decide_action(game, command, next_seed, now=SAMPLE_TIME)
        assert not isinstance(decided, Refusal), decided
        record(decided.events)  # folded from the events alone, as a replay reads them
    return SampleGame(table_id, tuple(appends))
