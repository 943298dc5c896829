"""Type checks of rules event fields, so that malformed data is a finding and never a crash.

``event_from_dict`` checks the field names only; a tampered log can hold ``"seat": "2"``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from president.rules import Event


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _str(value: Any) -> bool:
    return isinstance(value, str)


def _tuple_of(item: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, tuple) and all(item(x) for x in value)


_OWED_ENTRY = _tuple_of(_int)
_CHECKS: dict[str, Callable[[Any], bool]] = {
    "round": _int,
    "rounds": _int,
    "leader": _int,
    "seat": _int,
    "giver": _int,
    "receiver": _int,
    "winner": _int,
    "place": _int,
    "title": _str,
    "reversed": lambda value: isinstance(value, bool),
    "cards": _tuple_of(_str),
    "titles": _tuple_of(_str),
    "hands": _tuple_of(_tuple_of(_str)),
    "owed": _tuple_of(lambda entry: _OWED_ENTRY(entry) and len(entry) == 3),
    "finish_order": _tuple_of(_int),
    "points": _tuple_of(_int),
    "scores": _tuple_of(_int),
}


_PLANS: dict[type[Event], tuple[tuple[str, Callable[[Any], bool]], ...]] = {}


def _plan(cls: type[Event]) -> tuple[tuple[str, Callable[[Any], bool]], ...]:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = tuple(
            (f.name, _CHECKS[f.name]) for f in fields(cls) if f.name in _CHECKS
        )
    return plan


def check_shape(event: Event) -> None:
    """Raise TypeError naming the first field whose value has the wrong type."""
    for name, check in _plan(type(event)):
        value = getattr(event, name)
        if not check(value):
            raise TypeError(f"{name} has a value of the wrong type: {value!r}")
