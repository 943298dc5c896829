"""The table a person opens from the terminal is named in that person's language, as data
the contract accepts (no bidi isolates on the wire)."""

from __future__ import annotations

import pytest
from president.contract.commands import CreateTable
from president.l10n import localizer
from president.l10n.localizer import ISOLATES
from president_tools.demo.terminal import table_name

LOCALES = ("en", "he", "hr", "it", "ka", "tr")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", ["Ana", "דוד"])
def test_the_terminal_names_its_table_in_the_locale_as_contract_data(
    locale: str, name: str
) -> None:
    text = table_name(localizer(locale), name)
    assert name in text and text == text.translate(ISOLATES)
    CreateTable(command_id="c-1", table_id="t-1", name=text)  # the contract takes it
    if locale != "en":
        assert "'s table" not in text
