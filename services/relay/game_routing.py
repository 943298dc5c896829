"""The relay's route for the services' streams: a public message and the seats' private
parts of each ``game-{id}`` event, a lobby message of each ``table-{id}`` event."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from president.contract.base import SCHEMA_VERSION
from president.contract.subjects import DEFAULT_PREFIX, Subjects, table_id_of_stream
from president.game import CLOCK_EVENT_TYPES
from president.game.events import public_table_event
from president.rules import EVENT_TYPES, event_from_dict
from president.store import RecordedEvent
from pydantic import ValidationError
from pydantic_core import to_json

from services.relay.outgoing import Outgoing, Route, Routing

log = logging.getLogger(__name__)

_TABLE_EVENTS = ("TableCreated", "SeatTaken", "AISeated", "GameStartRequested")
_UNPUBLISHED = ("token_sha256", "taken_by")
"""What a GameCreated seat keeps from the public: its token's hash, who took it."""


def public_game_data(event_type: str, data: Mapping[str, Any]) -> dict[str, Any] | None:
    """What every player may see of a game-stream event; None: not published."""
    if event_type == "GameCreated":
        seats = [{k: v for k, v in seat.items() if k not in _UNPUBLISHED} for seat in data["seats"]]
        return {**data, "seats": seats}
    if event_type == "DealCommitted":
        return {k: v for k, v in data.items() if k != "seed"}
    if event_type == "SeedRevealed" or event_type in CLOCK_EVENT_TYPES:
        return dict(data)  # deadlines, time-outs and who is away are public facts
    if event_type in EVENT_TYPES:
        return event_from_dict(event_type, dict(data)).public_data()
    return None


def private_game_data(event_type: str, data: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """Each seat's private part of a game-stream event (seat -> data)."""
    if event_type == "RoundDealt":
        hands = data["hands"]
        sizes = [len(hand) for hand in hands]
        return {
            seat: {
                "round": data["round"],
                "leader": data["leader"],
                "hand": list(hand),
                "hand_sizes": sizes,
            }
            for seat, hand in enumerate(hands)
        }
    if event_type in ("CardsGiven", "CardsReturned"):
        return {int(data["giver"]): dict(data), int(data["receiver"]): dict(data)}
    return {}


def game_route(prefix: str = DEFAULT_PREFIX) -> Route:
    """The route of the services' streams under ``prefix``."""
    subjects = Subjects(prefix)

    def route(event: RecordedEvent) -> Sequence[Outgoing]:
        try:
            return _route(event)
        except (ValidationError, KeyError, TypeError, ValueError):
            # An event this code cannot read is not published (and must not stop the relay).
            log.error("not publishing %s v%d (%s)", event.stream_id, event.version, event.type)
            return []

    def _route(event: RecordedEvent) -> Sequence[Outgoing]:
        found = table_id_of_stream(event.stream_id)
        if found is None:
            return []
        kind, table_id = found
        if not _TABLE_ID.fullmatch(table_id):
            raise ValueError(f"table id {table_id!r} is no subject token")
        common: dict[str, Any] = {
            "schema_version": SCHEMA_VERSION,
            "table_id": table_id,
            "stream_id": event.stream_id,
            "version": event.version,
            "position": event.position,
            "event_id": str(event.event_id),
            "event_type": event.type,
        }
        if kind == "table":
            if event.type not in _TABLE_EVENTS:
                return []
            lobby = _encoded(common, public_table_event(event.type, event.data), "LobbyEvent")
            return [Outgoing(subjects.lobby(table_id), lobby, key="lobby")]
        public = public_game_data(event.type, event.data)
        if public is None:
            return []
        private = sorted(private_game_data(event.type, event.data).items())
        if any(not _SEATS.start <= seat < _SEATS.stop for seat, _ in private):
            raise ValueError(f"a seat out of range in {[seat for seat, _ in private]}")
        out = [
            Outgoing(
                subjects.public(table_id), _encoded(common, public, "PublicEvent"), key="public"
            )
        ]
        for seat, data in private:
            message = _encoded(common, data, "SeatEvent", seat=seat)
            out.append(Outgoing(subjects.seat(table_id, seat), message, key=f"seat{seat}"))
        return out

    return route


def game_routing(prefix: str = DEFAULT_PREFIX) -> Routing:
    """:func:`game_route` with the events stream's subjects (give both to the relay)."""
    return Routing(game_route(prefix), Subjects(prefix).event_subjects)


_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""``contract.base.TableId``, which ``EventMessage.table_id`` requires."""
_SEATS = range(6)
"""``contract.base.Seat``: 0 to 5."""


def _encoded(
    common: Mapping[str, Any],
    data: Mapping[str, Any],
    kind: Literal["PublicEvent", "SeatEvent", "LobbyEvent"],
    **extra: int,
) -> bytes:
    """The JSON of a ``PublicEvent``, ``SeatEvent`` or ``LobbyEvent``, byte for byte what
    ``model_dump_json`` gives (the models' field order; pydantic's serializer), without
    building and validating a model per message: the route checks what the models would
    (the table id, the seat), and the rest is the log's own typed values.
    ``tests/unit/contract/test_routing.py`` holds the two encodings equal."""
    if type(data) is not dict or not all(type(key) is str for key in data):
        raise TypeError("event data must be a JSON object")
    return to_json({**common, "data": data, "type": kind, **extra})
