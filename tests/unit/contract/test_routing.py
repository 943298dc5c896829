"""The relay route of the services' streams: who receives which part of each event."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime
from typing import Any

from president.contract.messages import LobbyEvent, PublicEvent, SeatEvent
from president.store import RecordedEvent

from services.relay.game_routing import game_route, game_routing
from services.relay.outgoing import Outgoing
from tests.support import json_strings

ROUTE = game_route("p")
HANDS = [["3C", "4C"], ["3D", "4D"], ["3H", "4H"]]


def _event(stream_id: str, type_: str, data: dict[str, Any], version: int = 1) -> RecordedEvent:
    return RecordedEvent(
        stream_id,
        version,
        uuid.uuid4(),
        version,
        1,
        type_,
        1,
        data,
        {},
        datetime.now(UTC),
        "0" * 64,
        "1" * 64,
    )


def _routed(stream_id: str, type_: str, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {m.subject: json.loads(m.payload) for m in ROUTE(_event(stream_id, type_, data))}


def test_a_deal_goes_out_as_hand_sizes_publicly_and_each_hand_to_its_seat_only() -> None:
    out = _routed("game-t1", "RoundDealt", {"round": 1, "leader": 0, "hands": HANDS})
    assert out["p.evt.table.t1.public"]["data"] == {
        "round": 1,
        "leader": 0,
        "hand_sizes": [2, 2, 2],
    }
    for seat, hand in enumerate(HANDS):
        message = out[f"p.evt.table.t1.seat.{seat}"]
        assert message["data"]["hand"] == hand and message["seat"] == seat
        others = {card for s, h in enumerate(HANDS) if s != seat for card in h}
        shown = set(json_strings(message))
        assert not others & shown, f"seat {seat} is shown {others & shown}"


def test_exchanged_cards_go_only_to_giver_and_receiver() -> None:
    data = {"round": 2, "giver": 2, "receiver": 0, "cards": ["2S", "AS"]}
    out = _routed("game-t1", "CardsGiven", data)
    assert set(out) == {"p.evt.table.t1.public", "p.evt.table.t1.seat.0", "p.evt.table.t1.seat.2"}
    assert out["p.evt.table.t1.public"]["data"]["count"] == 2
    assert "2S" not in json.dumps(out["p.evt.table.t1.public"])


def test_seed_and_token_hashes_stay_private() -> None:
    committed = _routed(
        "game-t1",
        "DealCommitted",
        {"round": 1, "leader": 0, "commitment": "c" * 64, "seed": "s" * 64},
    )
    assert "seed" not in committed["p.evt.table.t1.public"]["data"]
    created = {
        "table_id": "t1",
        "rules_version": "cardverse-1.1.0",
        "players": 3,
        "options": {"revolution": True, "rounds": 1, "round_leader": "asshole"},
        "seats": [
            {"seat": s, "kind": "ai", "player_name": "", "level": "easy", "token_sha256": "h" * 64}
            for s in range(3)
        ],
    }
    assert "token_sha256" not in json.dumps(_routed("game-t1", "GameCreated", created))
    seated = _routed("table-t1", "SeatTaken", {"seat": 0, "player_name": "a", "token_sha256": "h"})
    assert seated["p.evt.lobby.t1"]["data"] == {"seat": 0, "player_name": "a"}


def test_plays_are_public_and_nothing_unknown_is_published() -> None:
    played = _routed("game-t1", "CardsPlayed", {"round": 1, "seat": 0, "cards": ["3C"]})
    assert list(played) == ["p.evt.table.t1.public"]
    assert _routed("game-t1", "SomethingNew", {"secret": "x"}) == {}
    assert _routed("other-stream", "CardsPlayed", {"round": 1, "seat": 0, "cards": ["3C"]}) == {}
    assert _routed("game-t1", "CardsPlayed", {"broken": True}) == {}


def test_every_routed_subject_is_held_by_the_events_stream() -> None:
    routing = game_routing("p")
    out = _routed("game-t1", "RoundDealt", {"round": 1, "leader": 0, "hands": HANDS})
    out |= _routed("table-t1", "TableCreated", {"table_id": "t1", "players": 3})
    for subject in out:
        tokens = subject.split(".")
        assert any(
            len(p.split(".")) == len(tokens)
            and all(a in ("*", b) for a, b in zip(p.split("."), tokens, strict=True))
            for p in routing.subjects
        ), subject


def test_messages_of_one_event_have_distinct_keys() -> None:
    event = _event("game-t1", "RoundDealt", {"round": 1, "leader": 0, "hands": HANDS})
    keys = [m.key for m in ROUTE(event)]
    assert len(set(keys)) == len(keys) == 4


def _as_models(message: Outgoing) -> bytes:
    """``message`` encoded again through its contract model (validated, then dumped)."""
    document = json.loads(message.payload)
    model = {"PublicEvent": PublicEvent, "SeatEvent": SeatEvent, "LobbyEvent": LobbyEvent}
    return model[document["type"]].model_validate_json(message.payload).model_dump_json().encode()


def test_routed_payloads_are_byte_for_byte_what_the_contract_models_encode() -> None:
    events = [
        _event("game-t1", "RoundDealt", {"round": 1, "leader": 0, "hands": HANDS}),
        _event("game-t1", "CardsGiven", {"round": 2, "giver": 0, "receiver": 2, "cards": ["2S"]}),
        _event("game-t1", "CardsPlayed", {"round": 1, "seat": 1, "cards": ["3C", "3D"]}, 7),
        _event("game-t1", "TurnDeadlineSet", {"seat": 1, "deadline": "é 2026", "seconds": 1e16}),
        _event("table-t1", "SeatTaken", {"seat": 1, "player_name": "Zoë 🂡", "token_sha256": "x"}),
    ]

    messages = [message for event in events for message in ROUTE(event)]

    assert len(messages) == (1 + 3) + (1 + 2) + 1 + 1 + 1  # public and per-seat parts
    for message in messages:
        assert message.payload == _as_models(message)
        assert message.headers == {}
    assert [m.key for m in messages[:4]] == ["public", "seat0", "seat1", "seat2"]
    assert messages[-1].key == "lobby"


def test_an_event_the_models_would_refuse_is_not_published() -> None:
    too_many_seats = {"round": 1, "leader": 0, "hands": [["3C"]] * 7}

    assert ROUTE(_event("game-t1", "RoundDealt", too_many_seats)) == []
    assert ROUTE(_event("game-t.1", "CardsPlayed", {"round": 1, "seat": 1, "cards": ["3C"]})) == []
    assert ROUTE(_event("table-" + "t" * 65, "SeatTaken", {"seat": 1, "player_name": "a"})) == []
