"""The relay's route for the services' streams: who may see which part of each event.

``game-{id}`` events: one ``PublicEvent`` (``Event.public_data()``; GameCreated
without token hashes and seat holders' identities; DealCommitted without its seed) plus
one ``SeatEvent`` per seat entitled to a private part (its dealt hand; the cards it gave or got).
``table-{id}`` events: one ``LobbyEvent`` (token hashes left out). Anything else,
and any event type this code does not know, is not published: nothing leaks by default.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from president.contract.messages import LobbyEvent, PublicEvent, SeatEvent
from president.contract.subjects import DEFAULT_PREFIX, Subjects, table_id_of_stream
from president.game import CLOCK_EVENT_TYPES
from president.game.events import public_table_event
from president.rules import EVENT_TYPES, event_from_dict
from president.store import RecordedEvent
from pydantic import ValidationError

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
        common: dict[str, Any] = {
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
            lobby = LobbyEvent(**common, data=public_table_event(event.type, event.data))
            return [Outgoing(subjects.lobby(table_id), _json(lobby), key="lobby")]
        public = public_game_data(event.type, event.data)
        if public is None:
            return []
        out = [
            Outgoing(
                subjects.public(table_id), _json(PublicEvent(**common, data=public)), key="public"
            )
        ]
        for seat, data in sorted(private_game_data(event.type, event.data).items()):
            message = SeatEvent(**common, seat=seat, data=data)
            out.append(Outgoing(subjects.seat(table_id, seat), _json(message), key=f"seat{seat}"))
        return out

    return route


def game_routing(prefix: str = DEFAULT_PREFIX) -> Routing:
    """:func:`game_route` with the events stream's subjects (give both to the relay)."""
    return Routing(game_route(prefix), Subjects(prefix).event_subjects)


def _json(message: PublicEvent | SeatEvent | LobbyEvent) -> bytes:
    return message.model_dump_json().encode()
