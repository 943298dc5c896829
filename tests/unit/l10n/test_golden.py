"""One recorded game in the six languages (narration, text and HTML audit), byte for byte;
and the same record rendered in every locale: no locale is in an event, so a game stored
before a catalogue existed renders in it."""

from __future__ import annotations

import re

import pytest
from president.l10n import LOCALES, PSEUDO_LOCALES
from president.l10n.inspect import literal_words

from tests.golden.l10n.renderings import BUNDLE, KINDS, golden_path, render

pytestmark = pytest.mark.unit

CONTENT = BUNDLE.read_bytes()


@pytest.mark.parametrize("suffix", list(KINDS))
@pytest.mark.parametrize("locale", LOCALES)
def test_the_recorded_game_renders_as_its_golden_file(locale: str, suffix: str) -> None:
    expected = golden_path(locale, suffix).read_text(encoding="utf-8")
    assert render(CONTENT, locale, KINDS[suffix]) == expected, (
        "regenerate with python -m tests.golden.l10n.regenerate and read the diff"
    )


def test_the_record_holds_no_locale_and_no_display_text() -> None:
    text = CONTENT.decode()
    assert '"locale"' not in text and "President" not in text and "Predsjednik" not in text


@pytest.mark.parametrize("locale", [*LOCALES, *PSEUDO_LOCALES])
def test_the_recorded_game_renders_in_every_locale_with_no_key_left_raw(locale: str) -> None:
    for kind in KINDS.values():
        shown = render(CONTENT, locale, kind)
        assert not re.search(r"\b(title|reject|event|audit|html|play|ai)-[a-z_A-Z]+", shown)
    if locale == "en-XA":  # a catalogue made after the game was recorded: still all of it
        narration = render(CONTENT, locale, "narration")
        assert "REVOLUTION" not in narration and not (
            set(re.findall(r"[A-Za-z]{3,}", narration)) - {"Ana", "golden", "cardverse"}
        ) & literal_words("en")


def test_the_hebrew_page_is_right_to_left_and_the_georgian_page_georgian() -> None:
    he = render(CONTENT, "he", "html")
    ka = render(CONTENT, "ka", "html")
    assert '<html lang="he" dir="rtl">' in he and '<html lang="ka" dir="ltr">' in ka
    assert "<bdi>דוד</bdi>" in he and "text-align:start" in he and "padding-inline" in he
    assert '<span class="cards" dir="ltr">' in he
    assert '"Noto Sans Georgian"' in ka and '"Noto Sans Hebrew"' in ka
