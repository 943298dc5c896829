"""Rows of COPY's text format become RecordedEvents with the values Postgres holds."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from president.store.copy_replay import copy_query, parse_rows

_EVENT_ID = "01a2284f-1d8c-7eb1-9ce7-1a2f653ade56"


def _row(stream: str = "s-1", data: str = '{"seat": 2}', time: str = "") -> str:
    time = time or '"2026-11-29T17:16:44.510755+00:00"'
    fields = [stream, "3", _EVENT_ID, "41", "756", "CardsPlayed", "1", data, '{"actor": "p2"}']
    return "\t".join([*fields, time, "0" * 64, "f" * 64]) + "\n"


def test_a_row_gives_every_field_its_type() -> None:
    [event] = parse_rows(_row())
    assert (event.stream_id, event.version, event.position, event.tx_id) == ("s-1", 3, 41, 756)
    assert event.event_id == uuid.UUID(_EVENT_ID) and isinstance(event.event_id, uuid.UUID)
    assert (event.type, event.schema_version) == ("CardsPlayed", 1)
    assert event.data == {"seat": 2} and event.metadata == {"actor": "p2"}
    assert event.recorded_at == datetime(2026, 11, 29, 17, 16, 44, 510755, tzinfo=UTC)
    assert (event.prev_hash, event.hash) == ("0" * 64, "f" * 64)


def test_escaped_tabs_newlines_and_backslashes_come_back_as_written() -> None:
    # COPY writes a tab inside a value as \t, a newline as \n, a backslash as \\.
    stream = r"a\tb\nc\\d\\n"
    data = r'{"s": "q\\"\\\\"}'  # the JSON text {"s": "q\"\\"}
    [first, second] = parse_rows(_row(stream, data) + _row())
    assert first.stream_id == "a\tb\nc\\d\\n"
    assert first.data == {"s": 'q"\\'}
    assert second.stream_id == "s-1"


def test_a_time_in_another_zone_is_given_in_utc() -> None:
    [event] = parse_rows(_row(time='"2026-11-29T22:46:44.510755+05:30"'))
    assert event.recorded_at.tzinfo is UTC
    assert event.recorded_at == datetime(2026, 11, 29, 17, 16, 44, 510755, tzinfo=UTC)


def test_output_cut_inside_a_row_is_refused() -> None:
    with pytest.raises(ValueError, match="cut inside a row"):
        parse_rows(_row()[:-5])
    assert parse_rows("") == []


def test_the_copied_query_takes_its_numbers_as_integers() -> None:
    assert "position > 7 ORDER BY position LIMIT 50" in copy_query(7, 50)
    with pytest.raises(ValueError):
        copy_query("7; DROP TABLE events", 50)  # type: ignore[arg-type]
