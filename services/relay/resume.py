"""Where a relay starts: its checkpoint, moved forward to what JetStream already holds."""

from __future__ import annotations

from dataclasses import dataclass

from services.relay.envelope import Mark


@dataclass(frozen=True)
class ResumePoint:
    """Read events after ``after``; of the first one, leave out the parts ``skip`` covers."""

    after: int
    skip: Mark | None = None


def resume_point(checkpoint: int, last_published: Mark | None) -> ResumePoint:
    """The resume point for a ``checkpoint`` and the last message found in JetStream.

    ``last_published`` must already be checked against the log (same event id at
    that position); a mark at or before the checkpoint changes nothing.
    """
    if last_published is None or last_published.position <= checkpoint:
        return ResumePoint(after=checkpoint)
    if last_published.complete:
        return ResumePoint(after=last_published.position)
    return ResumePoint(after=last_published.position - 1, skip=last_published)


def republish_point(from_position: int, last_published: Mark | None) -> ResumePoint:
    """Where publishing the log again from ``from_position`` starts (``from_position`` >= 1).

    From ``from_position`` when the stream holds nothing at or after it (a lost, purged or
    recreated stream); otherwise after what it holds (``last_published`` checked against
    the log), so that nothing is published twice and the stream stays in log order.
    """
    if from_position < 1:
        raise ValueError(f"positions start at 1, got {from_position}")
    return resume_point(from_position - 1, last_published)
