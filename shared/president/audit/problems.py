"""A problem the audit found, located at the stream version of the offending event."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong, and where: ``version`` is the event's stream version (None: the file).

    ``check``: which check found it (``president.contract.verdicts.AuditCheck``; set by
    ``audit_events``), the code the auditor's verdicts carry; not part of the equality, so
    the same finding is still one problem. ``problem`` is the finding in English (the
    JSON's); ``key`` and ``args`` word it in any language: catalogue message
    ``problem-<key>`` (``president.audit.text.problem_text``)."""

    version: int | None
    problem: str
    check: str = field(default="", compare=False)
    key: str = field(default="", compare=False)
    args: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict[str, object]:
        return {"version": self.version, "problem": self.problem}


def sorted_problems(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """Problems without repeats, file-level ones first, then by version (stable otherwise)."""
    unique = dict.fromkeys(problems)
    return tuple(sorted(unique, key=lambda p: -1 if p.version is None else p.version))
