"""Golden AI decisions: ``python -m tests.golden.ai_decisions`` writes ``ai_decisions.json``.

About 1000 decision points of seeded 3- to 6-player series (three rounds each, so the
exchange is in them), played by a mixed table of Medium, Easy and Random bots; at each,
the decision of every level (Random, Easy, Medium, Hard at a fixed number of deals) as
the code decided when the file was written. ``tests/unit/ai/test_golden_decisions.py``
plays the same games again, checks that every position is the one recorded (a digest of
its full seat view) and that each level, given what a prompt carries, decides the same.

Regenerate only after a deliberate change of a level's play, and say why in the commit:
this file is what "the levels' strength is unchanged" is held to.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from president.ai import Level, Policy, make_policy
from president.contract import SeatView
from president.rules import (
    Action,
    Applied,
    GameState,
    Observation,
    Options,
    Phase,
    apply_action,
    apply_deal,
    deal_from_seed,
    new_game,
    observe,
)
from president.rules.deal import round_seed

GOLDEN = Path(__file__).resolve().parent / "ai_decisions.json"
PLAYERS = (3, 4, 5, 6)
GAMES = 3
"""Series per table size."""
ROUNDS = 3
PER_TABLE = 250
"""Positions kept per table size (evenly spread over its games' decision points)."""
DRIVERS = (Level.MEDIUM, Level.EASY, Level.RANDOM)
"""Who plays the recorded games, cycled over the seats."""
HARD_ITERATIONS = 8
"""Hard's deals per decision: a fixed number, so its decisions repeat."""
SEED = 2026


@dataclass(frozen=True, slots=True)
class Position:
    """One recorded decision point: the seat to decide and its full view."""

    players: int
    game: int
    step: int
    view: Observation


def policies() -> dict[Level, Policy]:
    """The level under test, one seeded policy each."""
    return {
        level: make_policy(level, seed=SEED, iterations=HARD_ITERATIONS) for level in list(Level)
    }


def positions() -> Iterator[Position]:
    """Every recorded position, in file order."""
    for players in PLAYERS:
        found = [p for game in range(GAMES) for p in _game_positions(players, game)]
        stride = max(1, len(found) // PER_TABLE)
        yield from found[::stride][:PER_TABLE]


def _game_positions(players: int, game: int) -> Iterator[Position]:
    drivers = [
        make_policy(DRIVERS[(seat + game) % len(DRIVERS)], seed=SEED * 10 + game * 7 + seat)
        for seat in range(players)
    ]
    state = new_game(Options(players=players, rounds=ROUNDS))
    step = 0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            seed = round_seed(f"golden/{players}/{game}", state.round + 1)
            state = apply_deal(state, deal_from_seed(seed, players, state.leader)).state
            continue
        seat = _actor(state)
        view = observe(state, seat)
        yield Position(players, game, step, view)
        outcome = apply_action(state, drivers[seat].decide(view))
        assert isinstance(outcome, Applied), outcome
        state = outcome.state
        step += 1


def _actor(state: GameState) -> int:
    """The seat to play, or in the exchange the first seat owing a return."""
    seat = state.to_act if state.phase is Phase.PLAY else state.awaiting[0]
    return int(seat)


def view_digest(view: Observation) -> str:
    """A digest of the full wire view (every field of contract 1.0, history included)."""
    wire = SeatView.of(view).model_dump(mode="json")
    for added in ("played", "moves"):  # contract 1.1's fields: the digest predates them
        wire.pop(added, None)
    return hashlib.sha256(json.dumps(wire, sort_keys=True).encode()).hexdigest()[:16]


def action_text(action: Action) -> str:
    """``pass``, ``play 3C 3D`` or ``return 4C``."""
    fields = action.to_dict()
    if "pass" in fields:
        return "pass"
    kind = "play" if "play" in fields else "return"
    cards: list[str] = fields[kind]
    return " ".join([kind, *cards])


def record() -> list[dict[str, object]]:
    """One row per position: where it is, its digest, and each level's decision."""
    chosen = policies()
    rows: list[dict[str, object]] = []
    for position in positions():
        rows.append(
            {
                "players": position.players,
                "game": position.game,
                "step": position.step,
                "view": view_digest(position.view),
                "moves": len(position.view.history),
                "decisions": {
                    level.value: action_text(policy.decide(position.view))
                    for level, policy in chosen.items()
                },
            }
        )
    return rows


def main() -> int:
    rows = ",\n".join(json.dumps(row, separators=(",", ":")) for row in record())
    head = json.dumps({"seed": SEED, "hard_iterations": HARD_ITERATIONS})[:-1]
    text = f'{head}, "positions": [\n{rows}\n]}}\n'

    changed = not GOLDEN.exists() or GOLDEN.read_text() != text
    GOLDEN.write_text(text)
    print(f"{GOLDEN.name}: {'CHANGED' if changed else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
