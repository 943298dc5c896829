"""Event ids, lazily decoded JSON fields and the head cache."""

from __future__ import annotations

import dataclasses
import time
from datetime import UTC, datetime

from president.store import NewEvent, RecordedEvent
from president.store.heads import Head, HeadCache
from president.store.model import new_event_id


def test_event_ids_are_version_7_and_grow_with_time() -> None:
    first = new_event_id()
    time.sleep(0.002)
    later = new_event_id()
    assert (first.version, later.version) == (7, 7)
    assert first.variant == later.variant == "specified in RFC 4122"
    assert first.int >> 80 <= time.time_ns() // 1_000_000
    assert first < later
    assert NewEvent("A", {}).event_id.version == 7


def _recorded(data: object, metadata: object) -> RecordedEvent:
    event = object.__new__(RecordedEvent)
    now = datetime(2026, 11, 29, tzinfo=UTC)
    fields = [f.name for f in dataclasses.fields(RecordedEvent)]
    values = ["s", 1, new_event_id(), 1, 7, "A", 1, data, metadata, now, "0" * 64, "f" * 64]
    event.__dict__.update(zip(fields, values, strict=True))
    return event


def test_json_text_reads_as_the_dict_it_encodes() -> None:
    lazy = _recorded('{"cards": ["7H"], "seat": 2}', '{"actor": "p2"}')
    eager = dataclasses.replace(lazy, data={"cards": ["7H"], "seat": 2}, metadata={"actor": "p2"})
    assert lazy.data == {"cards": ["7H"], "seat": 2}
    assert lazy == eager and repr(lazy) == repr(eager)
    assert lazy.data is lazy.data  # decoded once


def test_the_head_cache_forgets_the_least_recently_stored() -> None:
    heads = HeadCache(size=2)
    heads.put("a", Head(1, "x"))
    heads.put("b", Head(1, "y"))
    heads.put("a", Head(2, "z"))
    heads.put("c", Head(1, "w"))
    assert heads.get("b") is None
    assert heads.get("a") == Head(2, "z") and heads.get("c") == Head(1, "w")
    heads.forget("a")
    assert heads.get("a") is None
