"""Events: the facts an applied action or deal caused, typed, frozen, serialisable; the
private ones (``is_public`` False) give others their ``public_view``."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all engine events. ``type`` names the event on the wire."""

    type: ClassVar[str] = "Event"
    public: ClassVar[bool] = True

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data of the event (without its type)."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):  # a list, of lists for tuples of tuples (hands, owed)
                nested = value and isinstance(value[0], tuple)
                value = list(map(list, value)) if nested else list(value)
            data[f.name] = value
        return data

    def public_data(self) -> dict[str, Any]:
        """What every player may see of this event."""
        return self.to_dict()


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(item) for item in value)
    return value


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """A round began and the hands were dealt (the recorded chance outcome)."""

    type: ClassVar[str] = "RoundDealt"
    public: ClassVar[bool] = False
    round: int
    leader: int
    hands: tuple[tuple[str, ...], ...]

    def public_data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "leader": self.leader,
            "hand_sizes": [len(hand) for hand in self.hands],
        }


@dataclass(frozen=True, slots=True)
class _CardsChangedHands(Event):
    """Cards that went from ``giver`` to ``receiver`` in the exchange: only the two see which."""

    public: ClassVar[bool] = False
    round: int
    giver: int
    receiver: int
    cards: tuple[str, ...]

    def public_data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "giver": self.giver,
            "receiver": self.receiver,
            "count": len(self.cards),
        }


@dataclass(frozen=True, slots=True)
class CardsGiven(_CardsChangedHands):
    """The automatic exchange gift: the lowest-ranked gives their highest cards up."""

    type: ClassVar[str] = "CardsGiven"


@dataclass(frozen=True, slots=True)
class ExchangeStarted(Event):
    """Returns are awaited from these seats: (seat, to_seat, count) each."""

    type: ClassVar[str] = "ExchangeStarted"
    round: int
    owed: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True, slots=True)
class CardsReturned(_CardsChangedHands):
    """A President or Vice-President returned cards of their choice."""

    type: ClassVar[str] = "CardsReturned"


@dataclass(frozen=True, slots=True)
class PlayStarted(Event):
    """The exchange (if any) is over; ``leader`` leads the first trick."""

    type: ClassVar[str] = "PlayStarted"
    round: int
    leader: int


@dataclass(frozen=True, slots=True)
class CardsPlayed(Event):
    """A seat played cards of one rank."""

    type: ClassVar[str] = "CardsPlayed"
    round: int
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A seat passed (final until the trick ends)."""

    type: ClassVar[str] = "Passed"
    round: int
    seat: int


@dataclass(frozen=True, slots=True)
class OrderReversed(Event):
    """A four of a kind flipped the order; ``reversed`` is the order now in force."""

    type: ClassVar[str] = "OrderReversed"
    round: int
    seat: int
    reversed: bool


@dataclass(frozen=True, slots=True)
class PlayerFinished(Event):
    """A seat left the round and took a finishing place (1 = first out)."""

    type: ClassVar[str] = "PlayerFinished"
    round: int
    seat: int
    place: int
    title: str


@dataclass(frozen=True, slots=True)
class TrickEnded(Event):
    """Everyone still in passed on ``winner``'s cards; ``leader`` leads the next trick."""

    type: ClassVar[str] = "TrickEnded"
    round: int
    winner: int
    leader: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A round is over: finishing order, points and titles per seat, cumulative scores."""

    type: ClassVar[str] = "RoundEnded"
    round: int
    finish_order: tuple[int, ...]
    points: tuple[int, ...]
    titles: tuple[str, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The series is over."""

    type: ClassVar[str] = "GameEnded"
    rounds: int
    scores: tuple[int, ...]


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        RoundDealt,
        CardsGiven,
        ExchangeStarted,
        CardsReturned,
        PlayStarted,
        CardsPlayed,
        Passed,
        OrderReversed,
        PlayerFinished,
        TrickEnded,
        RoundEnded,
        GameEnded,
    )
}


def event_from_dict(event_type: str, data: dict[str, Any]) -> Event:
    """Rebuild an event from its type name and ``to_dict`` data (lists become tuples).

    Raises KeyError for an unknown type and TypeError for data of the wrong shape.
    """
    cls = EVENT_TYPES[event_type]
    names = {f.name for f in fields(cls)}
    if set(data) != names:
        raise TypeError(f"{event_type} expects fields {sorted(names)}, got {sorted(data)}")
    return cls(**{name: _tupled(value) for name, value in data.items()})
