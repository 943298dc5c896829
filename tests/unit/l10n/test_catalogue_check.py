"""The catalogue check CI runs: each catalogue parses under both runtimes (fluent.runtime,
and the page's vendored @fluent/bundle under Node), every message and attribute renders
with sample arguments in every locale, with no missing reference and the same text on
both sides, and every count selects on the language's CLDR plural categories."""

from __future__ import annotations

from typing import Any

import pytest
from fluent.runtime import FluentBundle, FluentResource
from president.l10n import LOCALES
from president.l10n.catalog import source
from president.l10n.inspect import CLDR_CATEGORIES, entries

from tests.support.page_l10n import run_node
from tests.unit.l10n.test_catalogues import CATEGORIES as CLDR

pytestmark = pytest.mark.unit

SAMPLES: tuple[Any, ...] = (1, 2, 5, 21, "Ana")
"""Each variable of a message takes each of these in turn (the counts reach every plural
category of the six languages; a name takes the default variants)."""
RENDER = """
const bundle = new FluentBundle(data.locale, { useIsolating: true });
const junk = bundle.addResource(new FluentResource(data.source));
const texts = {}, errors = [];
for (const [key, attribute, variables] of data.patterns) {
  const message = bundle.getMessage(key);
  const pattern = attribute ? message?.attributes?.[attribute] : message?.value;
  if (!pattern) { errors.push(`${key}.${attribute}: missing`); continue; }
  for (const [n, sample] of data.samples.entries()) {
    const args = Object.fromEntries(variables.map((v) => [v, sample]));
    const found = [];
    texts[`${key}.${attribute}.${n}`] = bundle.formatPattern(pattern, args, found);
    for (const e of found) errors.push(`${key}.${attribute} ${sample}: ${e}`);
  }
}
done({ junk: junk.map(String), errors, texts,
       categories: new Intl.PluralRules(data.locale).resolvedOptions().pluralCategories });
"""


def _patterns(locale: str) -> list[tuple[str, str | None, list[str]]]:
    found: list[tuple[str, str | None, list[str]]] = []
    for key, entry in entries(locale).items():
        found.append((key, None, sorted(entry.variables)))
        found += [(key, name, sorted(v)) for name, v in entry.attributes.items()]
    return found


def _python(locale: str, patterns: list[tuple[str, str | None, list[str]]]) -> dict[str, str]:
    bundle = FluentBundle([locale], use_isolating=True)
    bundle.add_resource(FluentResource(source(locale)))
    texts: dict[str, str] = {}
    for key, attribute, variables in patterns:
        message = bundle.get_message(key)
        pattern = message.attributes[attribute] if attribute else message.value
        for n, sample in enumerate(SAMPLES):
            text, errors = bundle.format_pattern(pattern, dict.fromkeys(variables, sample))
            assert not errors, f"{locale} {key}.{attribute} {sample}: {errors}"
            texts[f"{key}.{attribute or 'null'}.{n}"] = str(text)
    return texts


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_renders_alike_in_both_runtimes(locale: str) -> None:
    patterns = _patterns(locale)
    page = run_node(
        RENDER,
        {"locale": locale, "source": source(locale), "patterns": patterns, "samples": SAMPLES},
    )
    assert page["junk"] == [] and page["errors"] == []
    assert set(page["categories"]) == CLDR[locale]  # Node's ICU agrees with babel's CLDR
    python = _python(locale, patterns)
    differ = {k: (python[k], page["texts"][k]) for k in python if python[k] != page["texts"][k]}
    assert differ == {}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_count_selects_exactly_the_languages_plural_categories(locale: str) -> None:
    wrong = {
        key: sorted(keys & CLDR_CATEGORIES)
        for key, entry in entries(locale).items()
        for _, keys in entry.plural_selects
        if keys & CLDR_CATEGORIES != CLDR[locale]
    }
    assert wrong == {}  # a missing category falls back; an extra one is never chosen
