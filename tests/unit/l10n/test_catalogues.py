"""The six catalogues: the same messages with the same variables, plurals per CLDR, the
sheets' words, and pseudo-locales that show an untranslated string at a glance."""

from __future__ import annotations

import pytest
from babel import Locale
from fluent.runtime import FluentBundle, FluentResource
from president.l10n import LOCALES, PSEUDO_LOCALES, localizer
from president.l10n.inspect import entries, literal_words
from president.l10n.keys import enum_keys

pytestmark = pytest.mark.unit

TRANSLATIONS = [locale for locale in LOCALES if locale != "en"]
NUMBERS = (0, 1, 2, 3, 5, 11, 21, 22, 25, 1_000_000)
CATEGORIES = {  # CLDR's plural categories of each language (babel's data)
    "en": {"one", "other"},
    "hr": {"one", "few", "other"},
    "it": {"one", "many", "other"},
    "ka": {"one", "other"},
    "tr": {"one", "other"},
    "he": {"one", "two", "other"},
}


def test_the_reference_catalogue_has_a_message_for_every_enum_value() -> None:
    assert enum_keys() - set(entries("en")) == set()


@pytest.mark.parametrize("locale", [*TRANSLATIONS, *PSEUDO_LOCALES])
def test_a_catalogue_has_the_reference_messages_and_no_other(locale: str) -> None:
    assert set(entries(locale)) == set(entries("en"))


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_each_message_takes_the_reference_variables_and_attributes(locale: str) -> None:
    reference, found = entries("en"), entries(locale)
    differ = {
        key: (sorted(reference[key].variables), sorted(entry.variables))
        for key, entry in found.items()
        if entry.variables != reference[key].variables
        or entry.attributes != reference[key].attributes
    }
    assert differ == {}


@pytest.mark.parametrize("locale", LOCALES)
def test_the_plural_categories_of_the_language_are_what_babel_says(locale: str) -> None:
    assert {Locale.parse(locale).plural_form(n) for n in NUMBERS} == CATEGORIES[locale]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_count_has_a_variant_for_each_category_it_takes(locale: str) -> None:
    needed = {Locale.parse(locale).plural_form(n) for n in NUMBERS}
    lacking = {
        key: sorted(needed - keys)
        for key, entry in entries(locale).items()
        for _, keys in entry.plural_selects
        if needed - keys
    }
    assert lacking == {}  # a missing category would fall back to the default variant


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("n", NUMBERS)
def test_fluent_selects_the_cldr_category_of_n(locale: str, n: int) -> None:
    bundle = FluentBundle([locale], use_isolating=False)
    variants = "".join(f"  [{c}] {c}\n" for c in ("zero", "one", "two", "few", "many"))
    bundle.add_resource(FluentResource(f"probe = {{ $n ->\n{variants} *[other] other\n}}\n"))
    chosen, errors = bundle.format_pattern(bundle.get_message("probe").value, {"n": n})

    assert not errors and chosen == Locale.parse(locale).plural_form(n)


@pytest.mark.parametrize(
    ("locale", "n", "expected"),
    [
        ("hr", 1, "Odigrajte točno 1 kartu."),
        ("hr", 3, "Odigrajte točno 3 karte."),
        ("hr", 5, "Odigrajte točno 5 karata."),
        ("hr", 21, "Odigrajte točno 21 kartu."),
        ("it", 1_000_000, "Gioca esattamente 1.000.000 di carte."),
        ("he", 2, "יש לשחק בדיוק שני קלפים."),
        ("en", 1, "Play exactly one card."),
    ],
)
def test_a_count_is_worded_by_its_category(locale: str, n: int, expected: str) -> None:
    shown = localizer(locale).rejection("WRONG_COUNT", {"count": n})
    assert shown.replace("\u2068", "").replace("\u2069", "") == expected


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_the_words_no_sheet_gives_are_marked_and_the_sheets_words_are_not(locale: str) -> None:
    marked = {key for key, entry in entries(locale).items() if entry.not_from_sheet}
    assert "reject-RATE_LIMITED" in marked and "html-checked-chain" in marked
    assert not marked & {"title-president", "title-asshole", "rank-J", "ai-hard-desc"}


@pytest.mark.parametrize(
    ("locale", "titles", "ranks"),
    [
        ("hr", ["Predsjednik", "Potpredsjednik", "Zamjenik šupka", "Šupak"], "VDR"),
        ("it", ["Presidente", "Vicepresidente", "Vice-stronzo", "Stronzo"], "VDR"),
        ("ka", ["პრეზიდენტი", "ვიცე-პრეზიდენტი", "ვიცე-ტრაკი", "ტრაკი"], "VDR"),
        ("tr", ["Başkan", "Yardımcı Başkan", "Yardımcı Sonuncu", "Sonuncu"], "VDR"),
        ("he", ["הנשיא", "סגן הנשיא", "סגן-חור-תחת", "חור-תחת"], "VDR"),
        ("en", ["President", "Vice-President", "Vice-Asshole", "Asshole"], "JQK"),
    ],
)
def test_titles_and_rank_letters_are_the_sheets(locale: str, titles: list[str], ranks: str) -> None:
    l10n = localizer(locale)
    ids = ["president", "vice_president", "vice_asshole", "asshole"]
    assert [l10n.title(title) for title in ids] == titles
    assert "".join(l10n.rank(rank) for rank in "JQK") == ranks


def test_the_middle_ai_level_is_named_as_each_sheet_names_it() -> None:
    names = {locale: localizer(locale).ai_level("medium") for locale in TRANSLATIONS}
    assert names == {
        "hr": "Srednja",
        "it": "Normale",
        "ka": "ნორმალური",
        "tr": "Normal",
        "he": "רגילה",  # the sheet's "הרמה הרגילה" (l.42)
    }


def test_turkish_gives_each_meaning_of_el_its_own_key_and_case() -> None:
    tr = localizer("tr")
    assert tr.event("TrickEnded", name="Ana") == "Ana eli aldı"  # accusative of the trick, past
    assert "Başkan’a" in tr.event("CardsGiven", giver="A", receiver="B", count=2, title="president")
    assert tr.text("play-hand", cards="3♣").startswith("Eliniz")  # the hand, another key


def test_hebrew_titles_take_the_article_or_the_preposition() -> None:
    he = localizer("he")
    assert he.title("president") == "הנשיא"
    assert "לנשיא" in he.event("CardsGiven", giver="א", receiver="ב", count=2, title="president")


def test_the_accented_pseudo_locale_holds_no_plain_english_word() -> None:
    assert literal_words("en-XA") & literal_words("en") == set()


def test_the_accented_pseudo_locale_is_longer_and_the_rtl_one_is_right_to_left() -> None:
    english, accented = localizer("en"), localizer("en-XA")
    assert len(accented.text("play-lead")) > 1.3 * len(english.text("play-lead"))
    fake = localizer("ar-XB")
    assert fake.direction == "rtl" and fake.text("play-lead").startswith("\u202e")
