"""The NATS headers of the messages on JetStream, as the relay and the engine send them
(every event message carries ``EVENT_HEADERS``, prompts and AI requests ``MSG_ID``)."""

from __future__ import annotations

MSG_ID = "Nats-Msg-Id"
"""JetStream's de-duplication id: ``<event_id>.<key>`` for an event message (key
``public``, ``seat<n>`` or ``lobby``), ``<table_id>:<stream_version>:<seat>`` for a
turn prompt or a decision request."""
EVENT_ID = "President-Event-Id"
STREAM_ID = "President-Stream-Id"
VERSION = "President-Version"
POSITION = "President-Position"
EVENT_TYPE = "President-Event-Type"
PART = "President-Part"
EXPECTED_STREAM = "Nats-Expected-Stream"
"""The stream the publisher expects to store the message (nats-py adds it when
publishing with ``stream=``; JetStream refuses the message if another stream would)."""
EXPECTED_LAST_SEQ = "Nats-Expected-Last-Sequence"
"""The relay's fence: the stream sequence the stream must end at for this message to be
stored (JetStream refuses it otherwise, so two relays cannot interleave)."""

WITHHELD = "President-Withheld"
"""Set on a message that stands in for an event message the relay could not publish (too
large for the server's ``max_payload``, or refused again and again): why. Its payload is
an ``EventWithheld`` reference (event id, stream, version, position, type); the event
itself stays in the Postgres log, the truth (``docs/decisions/2026-12-01-hostile-input.md``)."""

EVENT_HEADERS = (MSG_ID, EVENT_ID, STREAM_ID, VERSION, POSITION, EVENT_TYPE, PART)


def event_msg_id(event_id: str, key: str) -> str:
    """The JetStream message id of an event's message: the event id, plus ``.key`` when keyed."""
    return f"{event_id}.{key}" if key else event_id
