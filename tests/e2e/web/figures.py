"""The browser table's figures: seconds from `president web` to the page served and to a
finished game played by clicks in headless Chromium (3 seats, 1 round, AI Easy), the
page's requests and bytes (as sent, gzip, and decoded), the time from a reload mid-trick
to the hand playable again, the time from a click on Play to the first AI move shown (at
the page's pace, and at once), and axe-core's findings. With --screenshots, each view
(lobby, table, round summary, game over, replay) in English at 1366x768, Hebrew at 390x844
and Georgian at 1366x768 goes to docs/web/.

    .venv/bin/python -m tests.e2e.web.figures [--screenshots]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from president_tools.infra import free_port
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.e2e.web.page import Page
from tests.golden.l10n.browser import chromium

DOCS = Path(__file__).resolve().parents[3] / "docs" / "web"
AXE = Path(__file__).resolve().parents[3] / "services" / "web" / "vendor" / "axe" / "axe.min.js"
RESOURCES = """
const entries = [...performance.getEntriesByType('navigation'),
                 ...performance.getEntriesByType('resource')];
return entries.filter(e => e.name.startsWith('http')).map(e => ({
  name: e.name, sent: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize}));
"""
FIRST_AI_MOVE = """
const done = arguments[arguments.length - 1];
const me = document.querySelector('#felt .seat[data-place="me"]').dataset.seat;
const before = {};
for (const box of document.querySelectorAll('#felt .seat')) before[box.dataset.seat] =
  box.querySelector('.did').dataset.cards ?? null;
const watch = new MutationObserver(() => {
  for (const box of document.querySelectorAll('#felt .seat')) {
    const cards = box.querySelector('.did').dataset.cards ?? null;
    if (box.dataset.seat !== me && cards !== before[box.dataset.seat]) {
      watch.disconnect();
      done(performance.now() - window.__clicked);
      return;
    }
  }
});
watch.observe(document.getElementById('felt'), {subtree: true, childList: true, attributes: true});
const play = document.getElementById('play');
const pass = document.getElementById('pass');
if (play.disabled) {
  for (const card of document.querySelectorAll('#hand button.card:not(:disabled)')) {
    card.click();
    if (!play.disabled) break;
  }
}
window.__clicked = performance.now();
(play.disabled ? pass : play).click();
"""
VIEWS = (("en", 1366, 768), ("he", 390, 844), ("ka", 1366, 768))


def _size(driver: webdriver.Chrome, width: int, height: int) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def axe(driver: webdriver.Chrome) -> dict[str, int]:
    """axe-core's violations on the page as it is: how many rules at each impact."""
    driver.execute_script(AXE.read_text())
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations));"
    )
    counts: dict[str, int] = {}
    for violation in found:
        counts[violation["impact"]] = counts.get(violation["impact"], 0) + 1
    return counts


def mid_trick(page: Page) -> None:
    """Play on (by clicks) to a turn of the person's in the middle of a trick."""
    deadline = time.monotonic() + 60
    while not (page.due() and page.element("pass").is_enabled()):
        assert time.monotonic() < deadline and not page.over(), "no turn mid-trick"
        try:
            page.next_round()
            if page.due():
                page.take_turn_by_clicks()
        except StaleElementReferenceException:  # a view came meanwhile: look again
            pass
        time.sleep(0.1)


RELOADED = """const status = document.getElementById('status');
const pass = document.getElementById('pass');
return Boolean(status && pass && status.dataset.state === 'connected'
  && (document.querySelector('#hand button.card:not(:disabled)') || !pass.disabled));"""


def reload_mid_trick_s(page: Page) -> float:
    """Seconds from a reload on the person's turn mid-trick to the hand playable again on a
    live connection (the page, its ticket, the connection and the view)."""
    mid_trick(page)
    page.driver.refresh()
    started = time.monotonic()
    page.wait(lambda: page.driver.execute_script(RELOADED), "the table after the reload")
    return time.monotonic() - started


def first_ai_move_ms(page: Page) -> float:
    """Milliseconds from a click on Play (or Pass) to another seat's move on the table."""
    mid_trick(page)
    return float(page.driver.execute_async_script(FIRST_AI_MOVE))


def views(page: Page, url: str, locale: str, width: int, height: int) -> None:
    """Each view of the page in ``locale`` at ``width`` x ``height``, as docs/web PNGs."""
    driver = page.driver
    _size(driver, width, height)
    shot = lambda view: driver.save_screenshot(str(DOCS / f"{view}-{locale}.png"))  # noqa: E731
    driver.execute_script("sessionStorage.clear(); localStorage.clear()")
    driver.get(f"{url}?lang={locale}&pace=150")
    page.wait(lambda: page.element("language").text, "the lobby")
    page.element("player-name").send_keys({"en": "Ann", "he": "דנה", "ka": "ნინო"}[locale])
    seconds = page.element("turn-seconds")
    seconds.clear()
    seconds.send_keys("60")
    shot("lobby")
    page.element("create").click()
    page.wait(
        lambda: page.element("table").is_displayed(),
        "the table",
        diagnose=lambda: page.element("lobby-error").text,
    )
    mid_trick(page)
    page.element("log").click()  # a neutral place: no focus ring on a card
    shot("table")
    while not page.over():
        try:
            if page.element("continue").is_displayed():
                time.sleep(0.3)
                shot("summary")
                page.next_round()
            elif page.due():
                page.take_turn_by_clicks()
        except StaleElementReferenceException:  # a view came meanwhile: look again
            pass
        time.sleep(0.05)
    shot("game-over")
    page.element("replay-link").click()
    page.wait(lambda: len(driver.window_handles) == 2, "the replay's tab")
    table = driver.current_window_handle
    driver.switch_to.window(driver.window_handles[-1])
    _size(driver, width, height)
    page.wait(lambda: page.element("stepper").is_displayed(), "the replay")
    keys = ActionChains(driver)
    for _ in range(7):
        keys.send_keys(Keys.ARROW_LEFT if locale == "he" else Keys.ARROW_RIGHT).perform()
    time.sleep(0.2)
    shot("replay")
    driver.close()
    driver.switch_to.window(table)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshots", action="store_true")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="president-web-"))
    started = time.monotonic()
    web = subprocess.Popen(
        [
            *(sys.executable, "-m", "president_tools", "web"),
            *("--data-dir", str(data), "--port", str(free_port())),
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    figures: dict[str, Any] = {}
    try:
        assert web.stdout is not None
        url = ""
        for line in web.stdout:
            found = re.search(r"(http://\S+/)", line)
            if found:
                url = found.group(1)
                break
        with urllib.request.urlopen(url, timeout=5) as answer:
            assert answer.status == 200
        figures["page_served_s"] = round(time.monotonic() - started, 1)
        with chromium(width=1366, height=768) as driver:
            page = Page(driver, url)
            page.open("?lang=en&debug=1&pace=0")
            figures["axe_lobby"] = axe(driver)
            page.create_table(players=3, rounds=1)
            resources = driver.execute_script(RESOURCES)
            mid_trick(page)
            driver.execute_script("document.getElementById('debug').hidden = true")
            figures["axe_table_en"] = axe(driver)
            figures["reload_mid_trick_s"] = round(reload_mid_trick_s(page), 2)
            page.play_to_the_end(page.take_turn_by_clicks)
            figures["finished_game_s"] = round(time.monotonic() - started, 1)
            figures["first_ai_move_ms"] = {}
            for pace in (500, 0):
                driver.execute_script("sessionStorage.clear()")  # the lobby, not that table
                page.open(f"?lang=he&pace={pace}")
                page.create_table(players=4, rounds=1)
                page.next_round()
                figures["first_ai_move_ms"][pace] = round(first_ai_move_ms(page))
                Select(page.element("pace")).select_by_value("0")  # the rest at once
                page.play_to_the_end(page.take_turn_by_clicks)  # within the lobby's quota
            figures["axe_table_he"] = axe(driver)
            if args.screenshots:
                DOCS.mkdir(parents=True, exist_ok=True)
                for locale, width, height in VIEWS:
                    views(page, url, locale, width, height)
    finally:
        web.send_signal(signal.SIGTERM)
        web.wait(60)
    figures.update(
        requests=len(resources),
        bytes_decoded=sum(r["decoded"] for r in resources),
        bytes_encoded=sum(r["encoded"] for r in resources),
        bytes_sent=sum(r["sent"] for r in resources),
    )
    print(json.dumps(figures))
    for r in resources:
        print(f"  {r['decoded']:>8} {r['encoded']:>8}  {r['name']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
