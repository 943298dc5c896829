"""The chaos check tells messages a stream's limits discarded from messages never published.

CI runs of ``jetstream-store-full`` failed now and then on one event "not in JetStream"
(a ``CardsReturned``, whose public message and two seat messages go out one after another):
the stream had discarded its first message and kept the later ones, and the check counted
only events older than the oldest message kept as expired.
"""

from __future__ import annotations

import pytest
from president_tools.chaos.checks import expired_by_limits

pytestmark = pytest.mark.unit


def test_an_event_older_than_what_the_stream_keeps_expired_whatever_is_missing() -> None:
    assert expired_by_limits([0, 0, 0], position=10, oldest=11)
    assert expired_by_limits([0, 1, 0], position=10, oldest=11)


def test_the_oldest_kept_event_may_have_lost_its_first_parts_to_the_limits() -> None:
    assert expired_by_limits([0, 1, 1], position=11, oldest=11)
    assert expired_by_limits([0, 0, 1], position=11, oldest=11)


def test_a_gap_after_a_kept_part_or_in_a_newer_event_is_a_loss() -> None:
    # the stream drops from the front: a later part missing behind a kept one was never there
    assert not expired_by_limits([1, 0, 1], position=11, oldest=11)
    assert not expired_by_limits([0, 1, 0], position=11, oldest=11)
    assert not expired_by_limits([0, 1, 1], position=12, oldest=11)
    assert not expired_by_limits([0], position=12, oldest=11)
