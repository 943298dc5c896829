"""A played game, its recorded events and bundle files for the audit's unit tests."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import orjson
import pytest
from president.audit import write_bundle
from president.rules import Options
from president.store import RecordedEvent
from president_tools.sample import SampleGame, play_sample_game, recorded_game

from tests.support.tampering import Row, rows_of

TABLE = "tbl-audit"


@pytest.fixture(scope="session")
def game() -> SampleGame:
    """A 4-player series of 2 rounds (so with an exchange), played by random legal moves."""
    return play_sample_game(TABLE, Options(players=4, rounds=2), seed=7)


@pytest.fixture(scope="session")
def events(game: SampleGame) -> list[RecordedEvent]:
    return recorded_game(game)


@pytest.fixture(scope="session")
def bundle_bytes(game: SampleGame, events: list[RecordedEvent]) -> bytes:
    out = io.BytesIO()
    write_bundle(game.stream_id, TABLE, events, out)
    return out.getvalue()


def bundle_with(original: bytes, rows: list[Row], *, new_head: bool) -> bytes:
    """The bundle file with its event lines replaced by ``rows``.

    The head line stays as it was unless ``new_head`` (a forger would rewrite it too).
    """
    lines = original.splitlines()
    header, head = orjson.loads(lines[0]), orjson.loads(lines[-1])
    header["events"] = len(rows)
    if new_head:
        head = {"kind": "head", "version": rows[-1]["version"], "hash": rows[-1]["hash"]}
    body: list[Any] = [header, *({"kind": "event", **row} for row in rows), head]
    return b"".join(orjson.dumps(line) + b"\n" for line in body)


@pytest.fixture(scope="session")
def rows(events: list[RecordedEvent]) -> list[Row]:
    return rows_of(events)


@pytest.fixture
def bundle_path(tmp_path: Path, bundle_bytes: bytes) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_bytes(bundle_bytes)
    return path


@pytest.fixture(scope="session")
def clocked_events() -> list[RecordedEvent]:
    """A 2-round series with turn clocks: time-outs, away, back, a seat that left."""
    from tests.unit.audit.clocked import clocked_game

    return clocked_game()


@pytest.fixture(scope="session")
def clocked_bundle(clocked_events: list[RecordedEvent]) -> bytes:
    from tests.unit.audit.clocked import CLOCKED_TABLE

    out = io.BytesIO()
    write_bundle(f"game-{CLOCKED_TABLE}", CLOCKED_TABLE, clocked_events, out)
    return out.getvalue()
