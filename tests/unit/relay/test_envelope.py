from __future__ import annotations

import pytest
from president.store import RecordedEvent

from services.relay import Outgoing, Route
from services.relay.envelope import Mark, envelopes, mark_of, msg_id, plan
from tests.support.relay_events import event_uuid, recorded


def _public_and_seats(seats: int) -> Route:
    def route(event: RecordedEvent) -> list[Outgoing]:
        public = Outgoing(f"pub.{event.stream_id}", b"public")
        private = [
            Outgoing(f"seat.{seat}", b"private", key=f"seat-{seat}") for seat in range(seats)
        ]
        return [public, *private]

    return route


def test_a_single_message_carries_the_event_id_as_its_message_id() -> None:
    [envelope] = envelopes(recorded("t", 1, 5), lambda e: [Outgoing("s", b"x")])

    assert envelope.msg_id == str(event_uuid(5))
    assert envelope.headers["President-Event-Id"] == str(event_uuid(5))
    assert envelope.headers["President-Position"] == "5"
    assert envelope.headers["President-Stream-Id"] == "t"
    assert envelope.headers["President-Version"] == "1"
    assert envelope.headers["President-Part"] == "1/1"


def test_each_message_of_an_event_gets_its_own_message_id() -> None:
    result = envelopes(recorded("t", 1, 5), _public_and_seats(2))

    five = str(event_uuid(5))
    assert [e.msg_id for e in result] == [five, f"{five}.seat-0", f"{five}.seat-1"]
    assert [e.headers["President-Part"] for e in result] == ["1/3", "2/3", "3/3"]


def test_a_route_giving_two_messages_the_same_key_is_refused() -> None:
    with pytest.raises(ValueError, match="same key"):
        envelopes(recorded("t", 1, 5), lambda e: [Outgoing("a", b""), Outgoing("b", b"")])


def test_route_headers_are_kept_next_to_the_delivery_headers() -> None:
    [envelope] = envelopes(recorded("t", 1, 5), lambda e: [Outgoing("s", b"", {"X-Seat": "2"})])

    assert envelope.headers["X-Seat"] == "2"
    assert envelope.msg_id == str(event_uuid(5))


def test_an_event_routed_nowhere_publishes_nothing() -> None:
    assert plan([recorded("t", 1, 1), recorded("t", 2, 2)], lambda e: []) == []


def test_a_plan_keeps_commit_order_and_skips_parts_already_published() -> None:
    events = [recorded("t", 1, 1), recorded("u", 1, 2)]
    one, two = str(event_uuid(1)), str(event_uuid(2))
    skip = Mark(event_id=one, position=1, part=2, parts=3)

    result = plan(events, _public_and_seats(2), skip=skip)

    assert [e.msg_id for e in result] == [f"{one}.seat-1", two, f"{two}.seat-0", f"{two}.seat-1"]


def test_a_stored_message_tells_which_part_of_which_event_it_is() -> None:
    [_, envelope] = envelopes(recorded("t", 1, 9), _public_and_seats(1))

    assert mark_of(envelope.headers) == Mark(str(event_uuid(9)), position=9, part=2, parts=2)


def test_messages_not_from_a_relay_have_no_mark() -> None:
    assert mark_of(None) is None
    assert mark_of({"Nats-Msg-Id": "x"}) is None
    assert (
        mark_of({"President-Event-Id": "e", "President-Position": "x", "President-Part": "1/1"})
        is None
    )


def test_message_ids_without_key_are_the_event_id() -> None:
    assert msg_id("e", "") == "e"
    assert msg_id("e", "k") == "e.k"
