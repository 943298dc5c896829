from __future__ import annotations

import pytest

from services.relay import Delivery, Outgoing
from services.relay.envelope import envelopes
from tests.support.relay_events import event_uuid, recorded


def test_a_relayed_message_says_which_event_it_carries() -> None:
    [envelope] = envelopes(recorded("game-1", 4, 17, "Passed"), lambda e: [Outgoing("s", b"{}")])

    delivery = Delivery.of(envelope.subject, envelope.payload, envelope.headers)

    assert delivery == Delivery(
        subject="s",
        payload=b"{}",
        event_id=str(event_uuid(17)),
        stream_id="game-1",
        version=4,
        position=17,
        event_type="Passed",
    )


@pytest.mark.parametrize("headers", [None, {}, {"Nats-Msg-Id": "x"}])
def test_a_message_without_the_relay_headers_is_refused(headers: dict[str, str] | None) -> None:
    with pytest.raises(ValueError, match="not a relayed event"):
        Delivery.of("s", b"", headers)
