"""The canonical form and hash of an event, as documented, and what may be stored."""

from __future__ import annotations

import hashlib
from uuid import UUID

import pytest
from president.store import GENESIS_HASH, NewEvent
from president.store.chain import canonical_json, check_storable, event_hash
from president.store.prepared import prepare

EVENT_ID = UUID("01a2283a-0e36-7b58-a35c-08ce85dc856b")


def test_the_canonical_form_is_sorted_compact_utf8_json() -> None:
    assert canonical_json({"b": [1, 2.5], "a": "é"}) == '{"a":"é","b":[1,2.5]}'.encode()


def test_an_event_hash_covers_the_documented_array() -> None:
    body = (
        '["table-1",1,"01a2283a-0e36-7b58-a35c-08ce85dc856b","Dealt",1,'
        '{"hands":[[1,2]]},{"actor":"dealer"},"' + GENESIS_HASH + '"]'
    )
    expected = hashlib.sha256(body.encode()).hexdigest()
    assert (
        event_hash(
            "table-1", 1, EVENT_ID, "Dealt", 1, {"hands": [[1, 2]]}, {"actor": "dealer"},
            GENESIS_HASH,
        )
        == expected
    )  # fmt: skip


def test_prepared_rows_chain_with_the_documented_hash() -> None:
    events = [NewEvent("A", {"x": 1}, {"m": "ü"}), NewEvent("B", {"y": [0.5, None]}, {}, 3)]
    rows = prepare("s-1", 4, "ab" * 32, events, command_id="c-9")
    assert [r.version for r in rows] == [5, 6]
    assert rows[0].prev_hash == "ab" * 32 and rows[1].prev_hash == rows[0].hash
    for row, event in zip(rows, events, strict=True):
        metadata = {**event.metadata, "command_id": "c-9"}
        assert row.metadata_json == canonical_json(metadata).decode()
        assert row.hash == event_hash(
            "s-1", row.version, event.event_id, event.type, event.schema_version, event.data,
            metadata, row.prev_hash,
        )  # fmt: skip


def test_a_command_id_already_in_the_metadata_is_kept() -> None:
    [row] = prepare("s", 0, GENESIS_HASH, [NewEvent("A", {}, {"command_id": "mine"})], "other")
    assert row.metadata_json == '{"command_id":"mine"}'


@pytest.mark.parametrize("value", [1e16, 1.5e-7, -0.0, float("nan"), float("inf")])
def test_floats_jsonb_would_change_are_refused(value: float) -> None:
    with pytest.raises(ValueError, match="cannot be stored exactly"):
        check_storable({"x": [value]})
    with pytest.raises(ValueError):
        prepare("s", 0, GENESIS_HASH, [NewEvent("A", {"x": {"y": value}})])


@pytest.mark.parametrize("value", [0.5, 1e15, 123.456, 1e-5, "1e16"])
def test_floats_that_survive_jsonb_are_stored(value: object) -> None:
    check_storable({"x": [value]})
    prepare("s", 0, GENESIS_HASH, [NewEvent("A", {"x": value})])
