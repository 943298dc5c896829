"""The native-language review's findings (shared/reviews/l10n.md), one case each: what a
reader stopped at is gone, and the corrected wording is there."""

from __future__ import annotations

import re
from typing import Any

import pytest
from president.l10n import localizer

pytestmark = pytest.mark.unit

NAME = {"name": "Ana"}
ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def said(locale: str, key: str, **args: Any) -> str:
    l10n = localizer(locale)
    if key.startswith("reject-"):
        return l10n.rejection(key.removeprefix("reject-"), args).translate(ISOLATES)
    return l10n.text(key, **args).translate(ISOLATES)


GENDER_FREE = [  # (locale, message, args, a gendered form it must not use)
    (
        "he",
        "event-CardsGiven",
        {"giver": "Ana", "receiver": "B", "count": 2, "title": "president"},
        "מוסר",
    ),
    (
        "he",
        "event-CardsReturned",
        {"giver": "Ana", "receiver": "B", "count": 2, "title": "asshole"},
        "מחזיר",
    ),
    ("he", "event-SeatAway", {**NAME, "reason": "asked"}, "לבקשתו"),
    ("he", "event-SeatAway", {**NAME, "reason": "timeouts"}, "נוכח"),
    ("he", "event-SeatBack", NAME, "חזר"),
    ("he", "event-SeatLeft", NAME, "עזב"),
    ("he", "web-trick-empty", NAME, "פותח"),
    ("he", "web-final", NAME, "יצא"),
    ("he", "reject-FORBIDDEN", {}, "רשאי"),
    ("he", "event-TurnTimedOut", NAME, "לשחקן"),
    ("hr", "event-SeatAway", {**NAME, "reason": "asked"}, "odsutan"),
    ("hr", "event-SeatAway", {**NAME, "reason": "timeouts"}, "odsutan"),
    ("hr", "event-SeatBack", NAME, "vratio"),
    ("hr", "event-TurnTimedOut", NAME, "ostao"),
    ("hr", "event-SeatLeft", NAME, "napustio"),
    ("hr", "web-final", NAME, "izašao"),
    ("hr", "web-back", {}, "Vratio"),
    ("it", "event-SeatBack", NAME, "tornato"),
    ("it", "web-final", NAME, "uscito"),
    ("it", "web-back", {}, "tornato"),
]


@pytest.mark.parametrize(("locale", "key", "args", "gendered"), GENDER_FREE)
def test_a_named_player_or_the_user_is_never_given_a_gender(
    locale: str, key: str, args: dict[str, Any], gendered: str
) -> None:
    assert gendered not in said(locale, key, **args)


CORRECTED = [  # (locale, message, args, what it says now)
    # the sheets' words
    ("hr", "web-pass", {}, "Propusti"),
    ("hr", "play-action-pass", {}, "propusti"),
    ("hr", "play-ask", {}, "'propusti'"),
    ("hr", "web-revolution", {}, "četvorka"),
    ("ka", "web-revolution", {}, "კარე"),
    ("he", "web-pass", {}, "מעבר"),
    ("he", "web-keys", {}, "S מעבר"),
    ("he", "ai-medium", {}, "רגילה"),
    ("he", "ai-medium-desc", {}, "שומרת את קלפי ה-2"),
    ("he", "ai-hard-desc", {}, "מעריכה כמה רצפי פעולות, זוכרת"),
    # grammar
    ("he", "play-clock-mark", {"left": 1}, "נותרה שנייה אחת"),
    ("he", "play-clock-mark", {"left": 2}, "נותרו שתי שניות"),
    ("he", "web-clock", {"seconds": 1}, "נותרה שנייה אחת"),
    ("he", "event-TurnDeadlineSet", {**NAME, "seconds": 1}, "תוך שנייה אחת"),
    ("he", "reject-CARD_NOT_IN_HAND", {"cards": ["JD", "10H"]}, "הקלפים האלה אינם ביד שלך: V♦ 10♥"),
    ("he", "play-return", {**NAME, "count": 2}, "ל־Ana"),
    ("he", "web-owe-return", {**NAME, "count": 1}, "ל־Ana"),
    ("he", "audit-rules", {"rules": "לא ידועים", "options": "x"}, "כללים: לא ידועים"),
    ("he", "event-SeedRevealed", {"round": 2, "seed": "ab"}, "הגרעין"),
    ("he", "event-RoundEnded", {"round": 2}, "דירוג סיבוב 2"),
    ("hr", "web-owe-return", {**NAME, "count": 1}, "Vratite igraču Ana 1 kartu"),
    ("hr", "html-checked-clocks", {}, "nijedan istek vremena nije zabilježen prije isteka roka"),
    ("hr", "audit-revolution", {"version": 1, "seat": 2, "reversed": "yes"}, "sada obrnut"),
    ("it", "event-SeedRevealed", {"round": 2, "seed": "ab"}, "seed rivelato"),
    ("it", "html-seed-ok", {}, "Il seed corrisponde"),
    (
        "tr",
        "play-turn",
        {**NAME, "round": 2, "reversed": "yes"},
        "sıra sizde (Ana), değer sırası TERS",
    ),
    ("tr", "html-checked-clocks", {}, "hiçbir süre aşımı, süresi dolmadan kaydedilmedi"),
    ("tr", "reject-BAD_ACTION", {}, "Hamle hatalı biçimlendirilmiş."),
    ("ka", "reject-NOT_HIGHER", {"rank": "K"}, "მკაცრად უფრო ძლიერი უნდა იყოს, ვიდრე R"),
    (
        "ka",
        "audit-out",
        {"version": 4, "seat": 2, "place": 1, "title": "T"},
        "ადგილი 2, 1-ლი ადგილი",
    ),
    ("ka", "event-PlayerFinished", {**NAME, "place": 3, "title": "x"}, "მე-3 ადგილი"),
    ("ka", "reject-CARD_NOT_IN_HAND", {"cards": ["JD"]}, "თქვენს ხელში"),
    ("ka", "event-Passed", NAME, "Ana: პასი"),
    ("ka", "event-RoundEnded", {"round": 2}, "რაუნდი 2: რეიტინგი"),
    # the browser table's messages (issue 30), by the same rules
    ("he", "table-waiting", NAME, "ממתינים ל־Ana"),
    ("he", "table-clock-mine", {"seconds": 1}, "נותרה שנייה אחת לתורך"),
    ("it", "replay-check-deal", {}, "Distribuzione e seed"),
    ("tr", "table-seat-clock", {"seconds": 5}, "5 s"),
]


@pytest.mark.parametrize(("locale", "key", "args", "expected"), CORRECTED)
def test_the_reviewed_wording_is_corrected(
    locale: str, key: str, args: dict[str, Any], expected: str
) -> None:
    assert re.search(re.escape(expected) + r"(?!\w)", said(locale, key, **args))


@pytest.mark.parametrize(
    ("locale", "key", "args", "wrong"),
    [
        ("hr", "web-pass", {}, "Dalje"),
        ("he", "web-pass", {}, "פאס"),
        ("it", "audit-seed-hidden", {}, "seme"),
        ("he", "html-checked-deals", {}, "זרע"),
        ("ka", "web-keys", {}, "Space"),
    ],
)
def test_a_word_the_review_refused_is_gone(
    locale: str, key: str, args: dict[str, Any], wrong: str
) -> None:
    assert wrong not in said(locale, key, **args)


@pytest.mark.parametrize(
    ("locale", "pattern", "why"),
    [
        ("he", r"(?<![\w־])[למבהוכש]\{ ?\$", "a prefix letter glued to a name: ל־{ $name }"),
        ("he", r"זרע", "the seed is גרעין (זרע also means semen)"),
        ("he", r"\u200e\+\{", "a sign before a number: LRI +{ $points } PDI, not LRM"),
        ("it", r"\bseme\b", "the seed is 'seed' (seme is a suit)"),
        ("tr", r"\bsn\b", "seconds are 's' everywhere"),
    ],
)
def test_no_message_repeats_a_reviewed_slip(locale: str, pattern: str, why: str) -> None:
    from president.l10n.catalog import source

    found = [line for line in source(locale).splitlines() if re.search(pattern, line)]
    assert found == [], why
