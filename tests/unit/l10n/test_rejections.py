"""A refusal for a person: its code and params, worded by the catalogue (never ``detail``)."""

from __future__ import annotations

import re

import pytest
from president.contract import Rejected, RejectionCode
from president.contract.replies import parse_reply
from president.contract.vocabulary import REJECTION_PARAMS
from president.l10n import LOCALES, localizer
from president.l10n.inspect import entries
from president.rules import Applied, GameState, Options, Pass, Play, apply_action, apply_deal
from president.rules.state import new_game

pytestmark = pytest.mark.unit

DEAL = [
    ["3C", "3D", "4C", "4D", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
    ["3H", "3S", "4H", "4S", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
    ["5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AC", "AD", "2C", "2D"],
    ["5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AH", "AS", "2H", "2S"],
]


def _after_lead() -> GameState:
    """Seat 0 has led the king of clubs; seat 1 is to act."""
    dealt = apply_deal(new_game(Options(players=4)), DEAL)
    applied = apply_action(dealt.state, Play(0, ("KC",)))
    assert isinstance(applied, Applied)
    return applied.state


def test_the_rules_give_the_numbers_a_message_needs() -> None:
    state = _after_lead()
    assert apply_action(state, Play(1, ("3H", "3S"))).params == {"count": 1}  # type: ignore[union-attr]
    assert apply_action(state, Play(1, ("QD",))).params == {"rank": "K"}  # type: ignore[union-attr]
    assert apply_action(state, Pass(2)).params == {"to_act": 1}  # type: ignore[union-attr]
    assert apply_action(state, Play(1, ("AC",))).params == {"cards": ["AC"]}  # type: ignore[union-attr]


def test_params_word_the_refusal_in_each_language() -> None:
    said = {loc: localizer(loc).rejection("NOT_HIGHER", {"rank": "K"}) for loc in LOCALES}
    assert said["en"] == "Not higher in the current order: beat K."
    for locale in ("hr", "it", "ka", "tr", "he"):  # the sheets' R, a letter of its own
        assert re.search(r"(?<![A-Za-z])R(?![A-Za-z])", said[locale]), said[locale]


def test_without_params_the_plain_message_is_used_and_detail_is_never_shown() -> None:
    reply = Rejected(code=RejectionCode.WRONG_COUNT, detail="the trick needs 2 cards")
    shown = localizer("it").rejection(reply.code.value, reply.params)
    assert shown == "La quantità deve essere uguale a quella della posa attiva."


def test_params_survive_the_wire_and_an_older_reply_without_them_still_parses() -> None:
    reply = Rejected(code=RejectionCode.WRONG_COUNT, params={"count": 2, "cards": ["3H"]})
    assert parse_reply(reply.model_dump_json()) == reply
    old = '{"schema_version": 1, "type": "Rejected", "code": "NOT_HIGHER", "detail": "x"}'
    assert parse_reply(old).params == {}  # type: ignore[union-attr]


@pytest.mark.parametrize("code", list(RejectionCode))
def test_the_catalogue_words_exactly_the_params_the_contract_documents(code: RejectionCode) -> None:
    entry = entries("en")[f"reject-{code.value}"]
    worded = set().union(*entry.attributes.values()) if entry.attributes else set()
    assert worded == set(REJECTION_PARAMS.get(code, {}))
    for attribute, variables in entry.attributes.items():
        assert attribute == "with-" + "-".join(sorted(variables))


def test_an_unknown_id_from_a_record_is_shown_as_it_is() -> None:
    # A tampered or newer record must still render (the audit shows what it holds).
    he = localizer("he")
    assert he.title("emperor") == "emperor" and he.ai_level("genius") == "genius"
    assert he.card("11X") == "11X" and he.rejection("NEW_CODE") == he.text(
        "reject-generic", code="NEW_CODE"
    )
