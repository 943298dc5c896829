"""Nothing on the wire is display text: every string field of every event and reply is an
id, a code, a card, a hash, a time or a user-given name (a client words it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from president_tools.asyncapi.document import OUTGOING, REPLIES, STORED, build

pytestmark = pytest.mark.unit

ALLOWED: dict[str, str] = {
    # ids and codes
    "type": "message or event type",
    "event_type": "event type",
    "command_id": "id",
    "correlation_id": "id",
    "causation_id": "id",
    "event_id": "id",
    "stream_id": "id",
    "table_id": "id",
    "code": "rejection code",
    "kind": "seat kind",
    "level": "AI level id",
    "takeover_level": "AI level id",
    "ai_seats": "AI level ids by seat",
    "away_reason": "reason code",
    "top_rank": "rank",
    "played": "card mask (hex digits)",
    "phase": "phase id",
    "reason": "reason code",
    "status": "table status id",
    "title": "title id",
    "titles": "title ids",
    "round_leader": "option id",
    "rules_version": "rules id",
    "requested_by": "identity (a user name)",
    "taken_by": "identity (a user name)",
    "requested_by_role": "role id",
    "actor": "id",
    # cards
    "cards": "cards",
    "hand": "cards",
    "hands": "cards",
    "top_cards": "cards",
    "play": "cards",
    "return": "cards",
    "card": "card",
    # secrets, hashes, times
    "seat_token": "token",
    "token_sha256": "hash",
    "commitment": "hash",
    "chain_head": "hash",
    "seed": "hex seed",
    "deadline": "time",
    "at": "time",
    # what people named
    "player_name": "user-given name",
    "name": "user-given table name",
    # a rejection's params: counts, seats, ids, names and cards (x-params documents them)
    "params": "ids, names, cards",
    # the one prose field, for logs only: never shown (the AsyncAPI document says so)
    "detail": "English log prose",
}


def _strings(schema: Any, schemas: dict[str, Any], path: str, seen: set[str]) -> Iterator[str]:
    """Every property path under ``schema`` that may hold a string."""
    if not isinstance(schema, dict):
        return
    ref = schema.get("$ref")
    if ref:
        name = ref.rsplit("/", 1)[-1]
        if name not in seen:
            yield from _strings(schemas[name], schemas, path, seen | {name})
        return
    if schema.get("type") == "string" and "const" not in schema:
        yield path
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key, []):
            yield from _strings(option, schemas, path, seen)
    yield from _strings(schema.get("items"), schemas, path, seen)
    additional = schema.get("additionalProperties")
    yield from _strings(additional, schemas, f"{path}.*", seen)
    for name, prop in schema.get("properties", {}).items():
        yield from _strings(prop, schemas, f"{path}.{name}", seen)


def _paths() -> list[str]:
    schemas = build()["components"]["schemas"]
    roots = [m.__name__ for m in (*REPLIES, *OUTGOING, *STORED)]
    roots += [name for name in schemas if name.endswith("Data")]  # the rules events' data
    return sorted({p for root in roots for p in _strings(schemas[root], schemas, root, {root})})


def test_the_walk_finds_the_string_fields() -> None:
    paths = _paths()
    assert "Rejected.code" in paths and "PlayerFinishedData.title" in paths
    assert "TableList.tables.seats.player_name" in paths and "Rejected.params.*" in paths


def test_no_string_field_of_an_event_or_reply_is_display_text() -> None:
    def field(path: str) -> str:
        names = [part for part in path.split(".")[1:] if part != "*"]
        return names[-1] if names else path

    unknown = {path for path in _paths() if field(path) not in ALLOWED}
    assert unknown == set()
