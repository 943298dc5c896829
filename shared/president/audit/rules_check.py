"""Replay the rules events through the rules engine and locate the first that breaks them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from president.audit.problems import Problem
from president.rules import Event, Options, ReplayError, replay


def replay_problems(options: Options, rules_events: Sequence[tuple[int, Event]]) -> list[Problem]:
    """Empty when every action was legal and every derived event is what the rules give.

    ``rules_events`` are (stream version, event) pairs in stream order. Replay stops at the
    first event that does not follow (later events cannot be judged on a broken state).
    """
    fed: list[int] = []

    def feed() -> Iterator[Event]:
        for version, event in rules_events:
            fed.append(version)
            yield event

    try:
        replay(options, feed())
    except ReplayError as exc:
        if exc.index < 0:
            last = fed[-1] if fed else None
            return [
                Problem(
                    last, f"rules: {exc.message} (the stream stops too early)", key="rules-early"
                )
            ]
        # an illegal decision says which rule it broke; another finding, that it differs
        key, args = ("rules-illegal", {"code": exc.code}) if exc.code else ("rules-differs", {})
        return [Problem(fed[exc.index], f"rules: {exc.message}", key=key, args=args)]
    except Exception as exc:  # malformed data the rules engine chokes on is still a finding
        where = fed[-1] if fed else None
        return [Problem(where, f"rules: the event cannot be replayed ({exc!r})", key="rules-crash")]
    return []
