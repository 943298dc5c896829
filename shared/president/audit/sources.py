"""Audit a game from where its record lives: the event store, or a bundle file."""

from __future__ import annotations

import asyncio
import dataclasses
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from president.audit.bundle import load_bundle, write_bundle
from president.audit.problems import Problem
from president.audit.report import AuditReport
from president.audit.verify import audit_events, game_stream_id
from president.game import CorruptGame, Game
from president.game.liveness import Stall, stall_of
from president.store import EventStore, RecordedEvent


async def audit_table(
    store: EventStore, table_id: str, *, stalls: StallLimits | None = None
) -> AuditReport:
    """Audit the game stream ``game-{table_id}`` as the store holds it; with ``stalls``,
    a game in play whose record checks is also looked at for a stall, as of now."""
    events = await store.read_stream(game_stream_id(table_id))
    report = audit_events(events, table_id)
    if stalls is None or not report.ok or not events:
        return report
    return dataclasses.replace(report, stall=stall_of_record(table_id, events, stalls))


@dataclass(frozen=True)
class StallLimits:
    """When a game in play counts as stalled (``president.game.liveness``): ``grace``
    seconds past a due seat's deadline, ``after`` seconds without a clock."""

    grace: float
    after: float
    now: datetime = field(default_factory=lambda: datetime.now(UTC))


def stall_of_record(
    table_id: str, events: Sequence[RecordedEvent], limits: StallLimits
) -> Stall | None:
    """The stall of the game ``events`` record (None: not stalled, or not foldable)."""
    game = Game(table_id)
    try:
        game.apply(events)
    except CorruptGame:
        return None  # the audit's own checks say what is wrong
    last = events[-1].recorded_at
    return stall_of(game, last, limits.now, grace=limits.grace, after=limits.after)


async def export_bundle(store: EventStore, table_id: str, out: IO[bytes] | str | Path) -> int:
    """Write the bundle of table ``table_id``'s game to ``out`` (a path or a binary stream).

    Returns the number of events written. ``president demo --export FILE`` calls this.
    Raises LookupError (and writes nothing) when the table has no game stream.
    """
    stream_id = game_stream_id(table_id)
    events = await store.read_stream(stream_id)
    if not events:
        raise LookupError(f"no game stream {stream_id}")
    if isinstance(out, str | os.PathLike):
        return await asyncio.to_thread(_write_file, Path(out), stream_id, table_id, events)
    return write_bundle(stream_id, table_id, events, out)


def _write_file(path: Path, stream_id: str, table_id: str, events: list[RecordedEvent]) -> int:
    with path.open("wb") as handle:
        return write_bundle(stream_id, table_id, events, handle)


def audit_bundle(content: bytes) -> AuditReport:
    """Audit a bundle's content with no database; a broken file is a finding, not an error."""
    try:
        bundle = load_bundle(content)
        return audit_events(bundle.events, bundle.table_id, known_problems=bundle.problems)
    except Exception as exc:  # a file no check foresaw must still get a verdict, not a crash
        problem = Problem(
            None, f"the bundle could not be audited: {exc!r}", key="bundle-unauditable"
        )
        return audit_events([], "?", known_problems=[problem])


def audit_bundle_file(path: str | Path) -> AuditReport:
    """Audit the bundle file at ``path`` (an unreadable file is reported as a problem)."""
    try:
        content = Path(path).read_bytes()
    except OSError as exc:
        return audit_events(
            [],
            "?",
            known_problems=[Problem(None, f"cannot read {path}: {exc}", key="file-unreadable")],
        )
    return audit_bundle(content)
