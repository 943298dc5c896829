"""The keys every catalogue must hold: those the enums name, and the labels the code uses."""

from __future__ import annotations

from president.contract import AILevel, RejectionCode
from president.game.events import GAME_SERVICE_EVENT_TYPES
from president.rules import RANKS, SUITS
from president.rules.events import EVENT_TYPES
from president.rules.scoring import ASSHOLE, NEUTRAL, PRESIDENT, VICE_ASSHOLE, VICE_PRESIDENT

TITLES = (PRESIDENT, VICE_PRESIDENT, NEUTRAL, VICE_ASSHOLE, ASSHOLE)
EVENTS = (*EVENT_TYPES, *GAME_SERVICE_EVENT_TYPES)


def enum_keys() -> frozenset[str]:
    """``title-<id>``, ``reject-<CODE>``, ``ai-<level>`` (and ``-desc``), ``event-<Type>``,
    ``rank-<r>``, ``suit-<s>``: one message per value of the wire's enums."""
    keys = {f"title-{title}" for title in TITLES}
    keys |= {f"reject-{code.value}" for code in RejectionCode}
    keys |= {f"ai-{level.value}" for level in AILevel}
    keys |= {f"ai-{level.value}-desc" for level in AILevel}
    keys |= {f"event-{event}" for event in EVENTS}
    keys |= {f"rank-{rank}" for rank in RANKS}
    keys |= {f"suit-{suit}" for suit in SUITS}
    return frozenset(keys)
