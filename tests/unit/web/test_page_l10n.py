"""The page's words for cards, refusals and languages are the terminal's: l10n.js run by
Node against the same catalogues as president.l10n."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from president.l10n import LOCALES, localizer
from president.l10n.catalog import source

from tests.support.page_l10n import run_node

pytestmark = pytest.mark.unit

REFUSALS: list[tuple[str, dict[str, Any]]] = [
    ("CARD_NOT_IN_HAND", {"cards": ["JD", "10H", "QS"]}),
    ("NOT_HIGHER", {"rank": "K"}),
    ("DUPLICATE_CARD", {"card": "QS"}),
    ("UNKNOWN_CARD", {"card": "11X"}),
    ("WRONG_COUNT", {"count": 2}),
    ("NOT_YOUR_TURN", {"to_act": 3}),
    ("NOT_YOUR_TURN", {}),
    ("NO_SUCH_CODE", {}),
]
ISOLATION = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def _page(script: str, locale: str, **data: Any) -> Any:
    return run_node(
        "page.use(data.locale, data.source);\n" + script,
        {"locale": locale, "source": source(locale), **data},
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_a_refusal_reads_on_the_page_as_in_the_terminal(locale: str) -> None:
    shown = _page(
        "done(data.refusals.map(([code, params]) => page.refusal(code, params)));",
        locale,
        refusals=REFUSALS,
    )
    l10n = localizer(locale)
    expected = [
        l10n.rejection(code, params) if l10n.has(f"reject-{code}") else l10n.text("web-failed")
        for code, params in REFUSALS
    ]
    if l10n.rtl:  # both keep every isolate in a right-to-left locale
        assert shown == expected
    else:  # Python drops the (inert) isolates from a left-to-right line
        assert [text.translate(ISOLATION) for text in shown] == expected
    assert not any("{" in text or "QS" in text or "JD" in text for text in shown)


def test_croatian_refusals_show_the_sheets_letters_and_suit_symbols() -> None:
    shown = _page(
        "done(data.refusals.map(([code, params]) => page.refusal(code, params)));",
        "hr",
        refusals=REFUSALS[:3],
    )
    cards, higher, twice = (text.translate(ISOLATION) for text in shown)
    assert "V♦ 10♥ D♠" in cards and "R" in higher.split() + list(higher) and "D♠" in twice


def test_a_hebrew_card_list_is_one_left_to_right_run() -> None:
    shown = _page("done([page.cardList(['10H', 'JD']), page.cardLabel('KS'), page.rtl()]);", "he")
    assert shown == ["\u206610♥ V♦\u2069", "R♠", True]


@pytest.mark.parametrize(
    ("wanted", "expected"),
    [
        (["hr-HR"], "hr"),
        (["HR_hr"], "hr"),
        (["iw"], "he"),
        (["iw-IL", "en"], "he"),
        (["he_IL.UTF-8"], "he"),
        (["pt-BR", "ka-GE"], "ka"),
        ("he;q=0, hr;q=0.5", "hr"),
        ("de, tr;q=0.8, he;q=0.9", "he"),
        (["he;q=0"], "en"),
        (["*"], "en"),
        ([], "en"),
    ],
)
def test_the_page_negotiates_region_tags_legacy_codes_and_quality(
    wanted: list[str] | str, expected: str
) -> None:
    found = run_node(
        "done(page.negotiate(data.wanted, data.available));",
        {"wanted": wanted, "available": list(LOCALES)},
    )
    assert found == expected


def test_each_language_is_named_in_itself_as_cldr_names_it() -> None:
    names = run_node(
        "done(Object.fromEntries(data.map((c) => [c, page.languageName(c)])));", list(LOCALES)
    )
    assert names == {code: Locale.parse(code).get_display_name(code) for code in LOCALES}
    assert names["ka"] == "ქართული"


LOBBY_REFUSALS: list[tuple[str, dict[str, Any], str | None]] = [
    ("BUSY", {"ceiling": "games_in_play"}, "7"),
    ("BUSY", {}, "1"),
    ("TOO_MANY_GAMES", {"max": 2}, None),
    ("TOO_MANY_TABLES", {"max": 2}, None),
    ("OVER_LIMIT", {"field": "ai", "max": 5}, None),
    ("OVER_LIMIT", {"field": "rounds", "max": 20}, None),
    ("RATE_LIMITED", {}, "1"),
    ("TABLE_CLOSED", {}, None),
    ("UNKNOWN_TABLE", {}, None),
    ("login_required", {}, None),
    ("bad_login", {}, None),
    ("bad_request", {"field": "rounds"}, None),
    ("bad_json", {}, None),
    ("not_json", {}, None),
    ("bad_origin", {}, None),
    ("too_deep", {"max_depth": 32}, None),
    ("too_large", {"max_bytes": 4096}, None),
    ("duplicate_key", {}, None),
    ("bad_pass", {}, None),
    ("unavailable", {}, None),
]
"""Every answer of the lobby API the page can get, with the params and the Retry-After
the lobby sends with it."""
LOBBY = Path(__file__).resolve().parents[3] / "services" / "web"


def test_every_refusal_the_lobby_raises_is_one_the_page_words() -> None:
    raised = set()
    for module in ("app.py", "lobby.py", "quotas.py", "login.py"):
        code = (LOBBY / module).read_text()
        raised |= set(re.findall(r'LobbyError\(\s*\d+,\s*"(\w+)"', code))
        raised |= set(re.findall(r'"(TOO_MANY_\w+)"', code))
    assert raised <= {code for code, _, _ in LOBBY_REFUSALS}, raised


@pytest.mark.parametrize("locale", LOCALES)
def test_a_lobby_refusal_is_worded_per_code_with_its_retry_after(locale: str) -> None:
    shown = _page(
        "done(data.refusals.map(([c, p, r]) => page.lobbyRefusal(c, p, r)));",
        locale,
        refusals=LOBBY_REFUSALS,
    )
    l10n = localizer(locale)
    expected = []
    for code, params, retry_after in LOBBY_REFUSALS:
        own = f"table-refused-{code}"
        text = l10n.text(own, **params) if l10n.has(own) else l10n.rejection(code, params)
        if retry_after:
            text += " " + l10n.text("table-retry-after", seconds=int(retry_after))
        expected.append(text.translate(ISOLATION))
    assert [text.translate(ISOLATION) for text in shown] == expected
    failed = l10n.text("web-failed")
    assert not any(text == failed or "table-" in text or "{" in text for text in shown)
    assert len(set(shown)) == len(shown)  # one message per answer
