from __future__ import annotations

from services.relay.envelope import Mark
from services.relay.resume import ResumePoint, resume_point


def test_without_messages_in_jetstream_the_checkpoint_decides() -> None:
    assert resume_point(17, None) == ResumePoint(after=17)


def test_messages_at_or_before_the_checkpoint_change_nothing() -> None:
    assert resume_point(17, Mark("e", 17, 1, 1)) == ResumePoint(after=17)
    assert resume_point(17, Mark("e", 12, 1, 2)) == ResumePoint(after=17)


def test_a_fully_published_event_past_the_checkpoint_moves_the_start_after_it() -> None:
    assert resume_point(17, Mark("e", 20, 2, 2)) == ResumePoint(after=20)


def test_a_partly_published_event_is_resumed_at_its_next_part() -> None:
    mark = Mark("e", 20, 1, 3)

    assert resume_point(17, mark) == ResumePoint(after=19, skip=mark)
