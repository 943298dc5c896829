"""The JSON of the engine's prompts written from their known shape: ``model_dump_json``'s
bytes (``tests/unit/engine/test_prompt_json.py``), a view shared by a seat's TurnPrompt
and DecisionRequest encoded once, no dump of a whole model per message."""

from __future__ import annotations

from collections.abc import Sequence

from president.contract.messages import DecisionRequest, SeatClock, TurnEnded, TurnPrompt
from president.contract.view import SeatView
from pydantic_core import to_json

_VIEW = SeatView.__pydantic_serializer__
_CLOCK = SeatClock.__pydantic_serializer__
_ENDED = TurnEnded.__pydantic_serializer__


def prompt_payloads(messages: Sequence[TurnPrompt | TurnEnded | DecisionRequest]) -> list[bytes]:
    """Each message's JSON, in order; a view shared by several messages is encoded once."""
    views: dict[int, bytes] = {}
    out: list[bytes] = []
    for message in messages:
        if message.type == "TurnEnded":
            out.append(_ENDED.to_json(message))
            continue
        view = views.get(id(message.view))
        if view is None:
            view = views[id(message.view)] = _VIEW.to_json(message.view)
        if message.type == "TurnPrompt":
            out.append(_turn_prompt(message, view))
        else:
            out.append(_decision_request(message, view))
    return out


def _turn_prompt(message: TurnPrompt, view: bytes) -> bytes:
    # TurnPrompt's fields in their declared order.
    return b"".join(
        (
            b'{"schema_version":%d,"type":"TurnPrompt","table_id":' % message.schema_version,
            to_json(message.table_id),
            b',"stream_version":%d,"seat":%d,"view":' % (message.stream_version, message.seat),
            view,
            b',"clock":',
            _CLOCK.to_json(message.clock),
            b"}",
        )
    )


def _decision_request(message: DecisionRequest, view: bytes) -> bytes:
    # DecisionRequest's fields in their declared order.
    return b"".join(
        (
            b'{"schema_version":%d,"type":"DecisionRequest","table_id":' % message.schema_version,
            to_json(message.table_id),
            b',"seat":%d,"seat_token":' % message.seat,
            to_json(message.seat_token),
            b',"level":',
            to_json(message.level),
            b',"stream_version":%d,"view":' % message.stream_version,
            view,
            b',"budget_ms":%d,"deadline":' % message.budget_ms,
            to_json(message.deadline),
            b',"attempt":%d}' % message.attempt,
        )
    )
