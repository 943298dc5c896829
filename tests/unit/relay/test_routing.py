from __future__ import annotations

import json

from services.relay import event_subject, raw_route, raw_subjects, subject_token
from tests.support.relay_events import event_uuid, recorded


def test_the_raw_route_publishes_one_whole_message_per_event_on_its_stream_and_type() -> None:
    event = recorded("table-7", 3, 42, "CardsPlayed", data={"cards": ["3C"]})

    [message] = raw_route("p1")(event)

    assert message.subject == "p1.events.table-7.CardsPlayed"
    assert message.key == ""
    assert json.loads(message.payload) == {
        "event_id": str(event_uuid(42)),
        "stream_id": "table-7",
        "version": 3,
        "position": 42,
        "type": "CardsPlayed",
        "schema_version": 1,
        "data": {"cards": ["3C"]},
        "metadata": {},
        "recorded_at": "2026-11-29T12:00:00+00:00",
        "hash": "h" * 64,
    }


def test_the_raw_subjects_cover_the_raw_route() -> None:
    assert raw_subjects("p1") == ["p1.events.>"]


def test_stream_ids_that_break_subjects_become_one_token() -> None:
    assert subject_token("table.7 *x>") == "table_7__x_"
    assert subject_token("") == "_"
    assert event_subject("p", recorded("a.b", 1, 1, "T")) == "p.events.a_b.T"
