"""The page's words are the catalogues' (every id it asks for is a message), and the
lobby API's checks of a request (pure)."""

from __future__ import annotations

import re
from typing import get_args

import pytest
from president.contract import AILevel, TableOptions
from president.contract.verdicts import AuditCheck
from president.l10n.inspect import entries
from starlette.requests import Request

from services.web.app import MAX_BODY, STATIC, _body
from services.web.lobby import Lobby, LobbyError, create_command
from services.web.tickets import pass_matches, seat_pass

FAMILIES = {
    "web-status-": ("connecting", "connected", "reconnecting"),
    "web-suit-letter-": ("C", "D", "H", "S"),
    "title-": ("president", "vice_president", "neutral", "vice_asshole", "asshole"),
    "ai-": ("easy", "medium", "hard"),
    "rank-": ("3", "10", "J", "Q", "K", "A", "2"),
    "suit-": ("C", "D", "H", "S"),
    "replay-check-": get_args(AuditCheck),
}
"""The ids the page composes (``t(`web-status-${state}`)``): each value it can take."""


def _asked() -> tuple[set[str], set[str]]:
    """The message ids the page names, and the prefixes of those it composes."""
    text = "".join(path.read_text() for path in STATIC.iterdir() if path.suffix in (".js", ".html"))
    ids = set(re.findall(r"""\bt\(\s*"([a-z][\w-]*)\"""", text))
    ids |= set(re.findall(r'data-l10n-id="([\w-]+)"', text))
    prefixes = set(re.findall(r"""\bt\(\s*`([a-z][\w-]*-)\$\{""", text))
    return ids, prefixes


def test_every_message_the_page_asks_for_is_in_the_catalogues() -> None:
    ids, prefixes = _asked()
    assert len(ids) > 40 and prefixes <= set(FAMILIES)
    composed = {prefix + value for prefix in prefixes for value in FAMILIES[prefix]}
    assert ids | composed <= set(entries("en"))  # the others hold the same (test_catalogues)


def test_a_table_request_is_the_contracts_create_table() -> None:
    asked = create_command({"players": 3, "rounds": 2, "ai": {"1": "easy", "2": "hard"}})
    assert (asked.players, asked.options.rounds, asked.name) == (3, 2, "")
    assert asked.ai_seats == {1: AILevel.EASY, 2: AILevel.HARD}
    clocked = create_command({"turn_seconds": 30, "away_after": None})
    assert clocked.options.turn_seconds == 30 and clocked.options.away_after is None
    assert clocked.players == 4


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": 7}, "players"),
        ({"players": True}, "players"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": "2"}, "rounds"),
        ({"turn_seconds": "5"}, "turn_seconds"),
        ({"ai": {"01": "easy"}}, "ai"),
        ({"ai": {"1": "genius"}}, "ai"),
        ({"ai": ["easy"]}, "ai"),
        ({"revolution": "yes"}, "revolution"),
        ({"name": "x" * 101}, "name"),
        ({"table_id": "mine"}, "table_id"),
    ],
)
def test_a_bad_table_request_names_its_field(body: dict[str, object], field: str) -> None:
    with pytest.raises(LobbyError) as refused:
        create_command(body)
    assert (refused.value.status, refused.value.code) == (400, "bad_request")
    assert refused.value.params == {"field": field}


def test_a_seats_pass_proves_that_seat_of_that_table_only() -> None:
    proof = seat_pass(b"k" * 32, "t1", 0)
    assert pass_matches(b"k" * 32, "t1", 0, proof)
    assert not pass_matches(b"k" * 32, "t1", 1, proof)
    assert not pass_matches(b"k" * 32, "t2", 0, proof)
    assert not pass_matches(b"other" * 8, "t1", 0, proof)


async def test_a_body_over_the_limit_is_refused_without_reading_it_all() -> None:
    sent = 0

    async def endless() -> dict[str, object]:
        nonlocal sent
        sent += 1
        return {"type": "http.request", "body": b"x" * 1024, "more_body": True}

    headers = [(b"origin", b"https://page"), (b"content-type", b"application/json")]
    request = Request({"type": "http", "method": "POST", "headers": headers}, endless)
    with pytest.raises(LobbyError) as refused:
        await _body(request, "https://page")
    assert (refused.value.status, refused.value.code) == (413, "too_large")
    assert sent == MAX_BODY // 1024 + 1


async def test_options_the_contract_refuses_are_named_by_field_not_by_pydantic_text() -> None:
    async def refused_by_the_contract() -> None:
        TableOptions.model_validate({"turn_seconds": -5}, strict=False)

    lobby = Lobby(client=None, ticket_secret=b"k" * 32)  # type: ignore[arg-type]
    with pytest.raises(LobbyError) as refused:
        await lobby._table_command(refused_by_the_contract())
    assert (refused.value.status, refused.value.code) == (400, "bad_request")
    assert refused.value.params == {"field": "turn_seconds"}
