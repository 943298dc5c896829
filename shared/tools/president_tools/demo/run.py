"""Play one all-AI table through the running services, narrate it, verify it from the log."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from president.audit import audit_table, export_bundle
from president.client import PresidentClient
from president.contract import stream_id_of_game
from president.game import TAKEOVER_ACTOR
from president.l10n import localizer
from president.store import EventStore, RecordedEvent

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
    turn_seconds: float | None = None
    """A turn clock (None: none)."""
    absent: int | None = None
    """A seat taken by a person who never acts (it times out, then is away)."""
    locale: str = "en"
    """The narration's language (one of ``president.l10n``'s locales)."""

    def seat_levels(self) -> list[str]:
        """Each seat's AI level (``absent`` for the absent seat)."""
        return [
            "absent" if seat == self.absent else self.levels[seat % len(self.levels)]
            for seat in range(self.players)
        ]


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
    clocks: ClockFigures | None = None

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
            **({} if self.clocks is None else self.clocks.to_json()),
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
    clock = None if options.turn_seconds is None else {"turn_seconds": options.turn_seconds}
    table_id = await client.create_table(
        players=options.players,
        rounds=options.rounds,
        revolution=options.revolution,
        round_leader=options.round_leader,
        ai_seats={seat: level for seat, level in enumerate(levels) if seat != options.absent},
        name="demo",
        clock=clock,
    )
    result = DemoResult(table_id=table_id, levels=levels)
    if options.absent is not None:
        await client.take_seat(table_id, "absent player", options.absent)  # never acts
    await client.start_game(table_id)
    await _follow(
        client,
        table_id,
        result,
        Narrator(l10n=localizer(options.locale)),
        on_line,
        options.idle_timeout,
    )
    result.verification = await verify_game(store, table_id, result.rounds, result.scores)
    result.audit_ok = await _audit(store, table_id)
    if options.turn_seconds is not None or options.absent is not None:
        events = await store.read_stream(stream_id_of_game(table_id))
        result.clocks = clock_figures(events)
    result.duration_s = time.perf_counter() - started
    return result


@dataclass(frozen=True)
class ClockFigures:
    """The turn clocks as the log recorded them: time-outs, takeover actions, and how long
    after its deadline each time-out was recorded (ms, the database's time)."""

    timeouts: int
    takeover_actions: int
    lags_ms: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "timeouts": self.timeouts,
            "takeover_actions": self.takeover_actions,
            "max_timeout_lag_ms": round(max(self.lags_ms), 1) if self.lags_ms else None,
        }


def clock_figures(events: Sequence[RecordedEvent]) -> ClockFigures:
    """Count a game's time-outs and takeover actions and measure each time-out's lag."""
    timeouts = [e for e in events if e.type == "TurnTimedOut"]
    lags = tuple(
        (e.recorded_at - datetime.fromisoformat(e.data["deadline"])).total_seconds() * 1000
        for e in timeouts
    )
    takeovers = sum(
        1
        for e in events
        if e.type in ("CardsPlayed", "Passed", "CardsReturned")
        and e.metadata.get("actor") == TAKEOVER_ACTOR
    )
    return ClockFigures(len(timeouts), takeovers, lags)


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
