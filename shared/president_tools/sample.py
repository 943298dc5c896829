"""A complete game stream as the decision note lays it out, played by random legal moves.

Used by the audit benchmark and the tests; it writes what the engine service writes
(docs/decisions/2026-11-29-streams-and-services.md): `GameCreated`; per round one append
`DealCommitted` + the deal's events; one append per action; `SeedRevealed` in the append
that ends the round.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
from president.contract import TableOptions
from president.fairness import commitment
from president.game import GameCreated, GameSeat
from president.rules import (
    Action,
    Options,
    apply_action,
    apply_deal,
    deal_from_seed,
    legal_actions,
)
from president.rules.engine import Applied
from president.rules.events import Event, RoundEnded
from president.rules.options import RULES_VERSION
from president.rules.state import GameState, Phase, new_game
from president.store import GENESIS_HASH, EventStore, NewEvent, RecordedEvent
from president.store.prepared import prepare

ENGINE = "engine"


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


def _meta(actor: str, command_id: str, correlation_id: str) -> dict[str, Any]:
    return {
        "command_id": command_id,
        "causation_id": command_id,
        "correlation_id": correlation_id,
        "actor": actor,
    }


def _rules_events(events: tuple[Event, ...], meta: dict[str, Any]) -> list[NewEvent]:
    return [NewEvent(event.type, event.to_dict(), meta) for event in events]


def _game_created(table_id: str, options: Options, meta: dict[str, Any]) -> NewEvent:
    created = GameCreated(
        table_id=table_id,
        rules_version=RULES_VERSION,
        players=options.players,
        options=TableOptions(
            revolution=options.revolution,
            rounds=options.rounds,
            round_leader=options.round_leader,
        ),
        seats=[
            GameSeat(
                seat=seat,
                kind="ai",
                level="easy",
                token_sha256=hashlib.sha256(f"{table_id}:{seat}".encode()).hexdigest(),
            )
            for seat in range(options.players)
        ],
    )
    return NewEvent("GameCreated", created.model_dump(mode="json"), meta)


Policy = Callable[[list[Action], random.Random], Action]


def random_policy(actions: list[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly."""
    return rng.choice(actions)


def play_sample_game(
    table_id: str, options: Options, seed: int = 1, policy: Policy = random_policy
) -> SampleGame:
    """Play a whole series (random legal actions by default) and record it as the engine would."""
    rng = random.Random(seed)
    correlation = f"game-{table_id}"
    appends: list[tuple[NewEvent, ...]] = [
        (_game_created(table_id, options, _meta("table", "start", correlation)),)
    ]
    state: GameState = new_game(options)
    seeds: dict[int, str] = {}
    step = 0
    while state.phase is not Phase.GAME_OVER:
        step += 1
        if state.phase is Phase.DEAL:
            number = state.round + 1
            seeds[number] = round_seed = sample_seed(seed, number)
            meta = _meta(ENGINE, f"deal-{number}", correlation)
            committed = {
                "round": number,
                "leader": state.leader,
                "commitment": commitment(table_id, number, round_seed),
                "seed": round_seed,
            }
            outcome = apply_deal(state, deal_from_seed(round_seed, options.players, state.leader))
            written = [NewEvent("DealCommitted", committed, meta)]
        else:
            action = policy(legal_actions(state), rng)
            result = apply_action(state, action)
            assert isinstance(result, Applied), result
            outcome = result
            meta = _meta(f"seat:{action.seat}", f"cmd-{step}", correlation)
            written = []
        written += _rules_events(outcome.events, meta)
        for event in outcome.events:
            if isinstance(event, RoundEnded):
                reveal = {"round": event.round, "seed": seeds[event.round]}
                written.append(NewEvent("SeedRevealed", reveal, meta))
        appends.append(tuple(written))
        state = outcome.state
    return SampleGame(table_id, tuple(appends))
