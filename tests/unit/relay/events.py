"""A stand-in recorded event for the relay's pure tests."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    stream_id: str
    version: int
    position: int
    type: str = "CardsPlayed"
    event_id: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.event_id:
            object.__setattr__(self, "event_id", f"ev-{self.position}")
