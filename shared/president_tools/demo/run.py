"""Play one all-AI table through the running services, narrate it, verify it from the log."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from president.audit import audit_table, export_bundle
from president.client import PresidentClient
from president.store import EventStore

from president_tools.demo.narrate import Narrator
from president_tools.demo.verify import Verification, verify_game

DEFAULT_LEVELS = ("hard", "medium", "easy", "medium")


@dataclass(frozen=True)
class DemoOptions:
    """The table to play: ``levels`` are given to seats 0, 1, ... in turn (cycled)."""

    players: int = 4
    rounds: int = 3
    levels: Sequence[str] = DEFAULT_LEVELS
    revolution: bool = True
    round_leader: str = "asshole"
    idle_timeout: float = 30.0

    def seat_levels(self) -> list[str]:
        return [self.levels[seat % len(self.levels)] for seat in range(self.players)]


@dataclass
class DemoResult:
    """What the services reported, and what the log says."""

    table_id: str
    levels: list[str]
    rounds: list[dict[str, Any]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    public_events: int = 0
    duplicate_versions: list[int] = field(default_factory=list)
    verification: Verification = field(default_factory=Verification)
    audit_ok: bool = False
    duration_s: float = 0.0

    @property
    def replay_ok(self) -> bool:
        return self.verification.ok and not self.duplicate_versions and bool(self.rounds)

    def to_json(self) -> dict[str, Any]:
        return {
            "table_id": self.table_id,
            "players": len(self.levels),
            "levels": self.levels,
            "rounds": self.rounds,
            "scores": self.scores,
            "replay_ok": self.replay_ok,
            "audit_ok": self.audit_ok,
            "log_events": self.verification.events,
            "public_events": self.public_events,
            "problems": self.verification.problems
            + [f"version {v} seen twice on the public subject" for v in self.duplicate_versions],
            "duration_s": round(self.duration_s, 3),
        }


async def run_demo(
    client: PresidentClient,
    store: EventStore,
    options: DemoOptions,
    on_line: Callable[[str], None] = lambda line: None,
) -> DemoResult:
    """Create the table, start it, follow its public subject to the end, then verify."""
    started = time.perf_counter()
    levels = options.seat_levels()
    table_id = await client.create_table(
        players=options.players,
        rounds=options.rounds,
        revolution=options.revolution,
        round_leader=options.round_leader,
        ai_seats=dict(enumerate(levels)),
        name="demo",
    )
    result = DemoResult(table_id=table_id, levels=levels)
    await client.start_game(table_id)
    await _follow(client, table_id, result, Narrator(), on_line, options.idle_timeout)
    result.verification = await verify_game(store, table_id, result.rounds, result.scores)
    result.audit_ok = await _audit(store, table_id)
    result.duration_s = time.perf_counter() - started
    return result


async def _follow(
    client: PresidentClient,
    table_id: str,
    result: DemoResult,
    narrator: Narrator,
    on_line: Callable[[str], None],
    idle_timeout: float,
) -> None:
    seen: set[int] = set()
    async for event in client.public_events(table_id, idle_timeout=idle_timeout):
        result.public_events += 1
        if event.version in seen:
            result.duplicate_versions.append(event.version)
            continue
        seen.add(event.version)
        for line in narrator.lines(event.event_type, event.data):
            on_line(line)
        if event.event_type == "RoundEnded":
            data = event.data
            result.rounds.append(
                {
                    "round": data["round"],
                    "finish_order": data["finish_order"],
                    "points": data["points"],
                    "titles": data["titles"],
                }
            )
            result.scores = list(data["scores"])
        elif event.event_type == "GameEnded":
            result.scores = list(event.data["scores"])
            return


async def _audit(store: EventStore, table_id: str) -> bool:
    """The auditor's verdict on the game: chain, seed commitments, and a rules replay."""
    report = await audit_table(store, table_id)
    return report.ok


async def export(store: EventStore, table_id: str, path: str) -> int:
    """Write the game's audit bundle (``president.audit.export_bundle``) to ``path``."""
    return await export_bundle(store, table_id, path)
