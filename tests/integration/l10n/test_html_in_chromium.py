"""The Hebrew and Georgian HTML audits as Chromium lays them out: right to left in Hebrew,
card lists left to right in both."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from tests.golden.l10n.browser import chromium
from tests.golden.l10n.renderings import golden_path

pytestmark = pytest.mark.integration  # make venv installs chromium: never a skip


def _layout(page: Path) -> dict[str, object]:
    with chromium() as driver:
        driver.get(page.resolve().as_uri())
        first_hand = driver.find_element(By.CSS_SELECTOR, "#round-1 table tr")
        label = first_hand.find_element(By.TAG_NAME, "th").rect
        cards = [c.rect for c in first_hand.find_elements(By.CSS_SELECTOR, ".card")]
        return {
            "direction": driver.execute_script("return getComputedStyle(document.body).direction"),
            "width": driver.execute_script("return document.documentElement.clientWidth"),
            "label": label,
            "cards": cards,
        }


def test_the_hebrew_audit_is_laid_out_right_to_left() -> None:
    layout = _layout(golden_path("he", "audit.html"))
    cards = layout["cards"]
    assert layout["direction"] == "rtl"
    assert layout["label"]["x"] > cards[0]["x"]  # type: ignore[index]  # the seat's label on the right
    # The hand is one left-to-right run: its lowest card (3) leftmost, its highest (2) rightmost.
    assert [c["x"] for c in cards] == sorted(c["x"] for c in cards)  # type: ignore[index]


def test_the_georgian_audit_is_laid_out_left_to_right() -> None:
    layout = _layout(golden_path("ka", "audit.html"))
    cards = layout["cards"]
    assert layout["direction"] == "ltr"
    assert layout["label"]["x"] < cards[0]["x"]  # type: ignore[index]
    assert [c["x"] for c in cards] == sorted(c["x"] for c in cards)  # type: ignore[index]
