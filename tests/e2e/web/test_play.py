"""A person plays a whole game in Chromium against AI seats: by clicks alone and by
keyboard alone; at every turn the page offers exactly the view's legal actions; the
results show the titles and scores of the log, whose plays the page lists."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from president.audit import audit_events
from president.audit.text import render_text
from president.audit.verify import game_stream_id
from president.bus.auth import seat_user
from president.store.postgres import PostgresEventStore
from president_tools.stack import ServiceStack
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from tests.e2e.web.page import Page

OFFERED = """
const reply = JSON.parse(document.getElementById('debug-view').textContent || 'null');
if (!reply) return null;
const legal = reply.view.legal_actions;
const combos = legal.filter((a) => !('pass' in a)).map((a) => a.play || a.return);
const hand = () => document.getElementById('hand');
const press = (code) => hand().querySelector(`[data-card="${code}"]`);
const enabled = [...hand().querySelectorAll('button.card')].filter(b => !b.disabled)
  .map(b => b.dataset.card);
const playable = [];
for (const combo of combos) {
  let ok = true;
  for (const code of combo) {
    const button = press(code);
    if (!button || button.disabled) { ok = false; break; }
    button.click();
  }
  if (ok && !document.getElementById('play').disabled) playable.push(combo);
  for (const code of combo) {
    const button = press(code);
    if (button && button.getAttribute('aria-pressed') === 'true') button.click();
  }
}
return {combos, enabled, playable, pass: !document.getElementById('pass').disabled,
        legal_pass: legal.some((a) => 'pass' in a)};
"""


@pytest.fixture
def page(stack: ServiceStack, browser: webdriver.Chrome) -> Iterator[Page]:
    page = Page(browser, stack.web_url)
    page.open("?debug=1&lang=en&pace=0")
    yield page


def offered_equals_legal(page: Page) -> None:
    """The page's enabled cards, playable combinations and Pass are its last view's, read
    with the view in one script (a view read first and the page asked next could be two
    different views), once the display has caught up with that view."""

    def same(seen: dict[str, Any] | None) -> bool:
        if seen is None:
            return False
        combos = seen["combos"]
        return (
            sorted(seen["enabled"]) == sorted({card for combo in combos for card in combo})
            and sorted(map(sorted, seen["playable"])) == sorted(map(sorted, combos))
            and seen["pass"] == seen["legal_pass"]
        )

    page.wait(
        lambda: same(page.driver.execute_script(OFFERED)),
        "the page to offer exactly its view's legal actions",
        diagnose=lambda: str(page.driver.execute_script(OFFERED)),
    )


def game_events(stack: ServiceStack, table_id: str) -> list[Any]:
    """The game's events as the Postgres log holds them."""

    async def read() -> list[Any]:
        store = await PostgresEventStore.connect(stack.database_url)
        try:
            return list(await store.read_stream(game_stream_id(table_id)))
        finally:
            await store.close()

    return asyncio.run(read())


def check_against_the_log(stack: ServiceStack, page: Page, table_id: str) -> None:
    """The results' titles and scores, and the last round's plays in the log, are the
    log's; the person's moves were recorded as its seat's identity."""
    events = game_events(stack, table_id)
    (ended,) = [e for e in events if e.type == "GameEnded"]
    rounds = [e for e in events if e.type == "RoundEnded"]
    shown = page.results()
    assert shown["scores"] == list(ended.data["scores"])
    assert shown["titles"] == {e.data["round"]: list(e.data["titles"]) for e in rounds}
    last = rounds[-1].data["round"]
    moves = [
        (last, e.data["seat"], " ".join(e.data.get("cards", [])))
        for e in events
        if e.type in ("CardsPlayed", "Passed") and e.data["round"] == last
    ]
    assert [entry for entry in page.log() if entry[0] == last] == moves
    mine = [e for e in events if e.type in ("CardsPlayed", "Passed") and e.data["seat"] == 0]
    assert mine and {e.metadata.get("requested_by") for e in mine} == {seat_user(table_id, 0)}
    audit = render_text(audit_events(events))  # the audit names who acted
    assert f"[by {seat_user(table_id, 0)}" in audit and "Verdict: OK" in audit


@pytest.mark.timeout(240)
def test_a_person_plays_to_the_results_by_clicks_and_is_offered_the_legal_actions(
    stack: ServiceStack, page: Page
) -> None:
    table_id = page.create_table(players=3, rounds=1)
    turns = page.play_to_the_end(page.take_turn_by_clicks, each=lambda: offered_equals_legal(page))
    assert turns > 0
    check_against_the_log(stack, page, table_id)


def take_turn_by_keys(page: Page) -> None:
    """Keys only: H to the hand's first playable card, arrows to the next, Space to pick,
    P to play, S to pass."""
    keys = ActionChains(page.driver)
    if not page.enabled_cards():
        keys.send_keys("s").perform()
        return
    keys.send_keys("h").perform()
    for _ in range(4):
        if page.element("play").is_enabled():
            break
        for _ in range(len(page.cards())):
            if page.driver.switch_to.active_element.get_attribute("aria-pressed") == "false":
                break
            keys.send_keys(Keys.ARROW_RIGHT).perform()
        keys.send_keys(Keys.SPACE).perform()
    keys.send_keys("p").perform()


@pytest.mark.timeout(240)
def test_a_person_plays_to_the_results_by_keyboard_alone(stack: ServiceStack, page: Page) -> None:
    name = page.element("player-name")
    name.send_keys("Kay")
    ActionChains(page.driver).send_keys(Keys.TAB, "3", Keys.ENTER).perform()  # players: 3
    page.element("create").send_keys(Keys.ENTER)
    page.wait(lambda: page.element("table").is_displayed(), "the table")
    table_id = str(page.wait(lambda: page.view() and page.session(), "the view")["table_id"])
    page.play_to_the_end(lambda: take_turn_by_keys(page))
    check_against_the_log(stack, page, table_id)


LAYOUT = """
const rect = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, w: r.width}; };
const hand = [...document.querySelectorAll('#hand button.card')].map(rect);
return {
  dir: getComputedStyle(document.body).direction,
  lang: document.documentElement.lang,
  width: document.documentElement.clientWidth,
  scroll: document.documentElement.scrollWidth,
  hand,
  missing: window.__missingMessages ?? [],
  origins: [...new Set(performance.getEntriesByType('resource').map(e => new URL(e.name).origin))],
};
"""


LAYOUT_H = {"he": "י", "ka": "ჰ"}
"""What the key marked H types in the Hebrew and the Georgian keyboard layouts."""


@pytest.mark.timeout(120)
@pytest.mark.parametrize("locale", ["he", "ka"])
def test_the_page_in_hebrew_is_right_to_left_in_georgian_complete_and_fits_360_px(
    stack: ServiceStack, browser: webdriver.Chrome, locale: str
) -> None:
    browser.execute_cdp_cmd(  # a phone's viewport
        "Emulation.setDeviceMetricsOverride",
        {"width": 360, "height": 800, "deviceScaleFactor": 1, "mobile": True},
    )
    page = Page(browser, stack.web_url)
    page.open(f"?debug=1&lang={locale}&pace=0")
    page.create_table(name="Дана" if locale == "ka" else "דנה", players=3)
    page.wait(page.due, "a turn")
    shown = browser.execute_script(LAYOUT)
    assert shown["lang"] == locale and shown["missing"] == []
    assert shown["dir"] == ("rtl" if locale == "he" else "ltr")
    first, last = shown["hand"][0], shown["hand"][1]  # the first row's first two cards
    if locale == "he":  # the lowest card at the right edge, the hand running leftwards
        assert first["x"] > last["x"]
    else:
        assert first["x"] < last["x"]
    assert shown["width"] == 360 and shown["scroll"] <= 360  # nothing wider than the phone
    # the key marked H in this language's layout (Hebrew י, Georgian ჰ) goes to the hand
    browser.execute_script("document.activeElement?.blur()")
    for kind in ("keyDown", "keyUp"):
        browser.execute_cdp_cmd(
            "Input.dispatchKeyEvent",
            {"type": kind, "key": LAYOUT_H[locale], "code": "KeyH", "windowsVirtualKeyCode": 72},
        )
    focused = browser.execute_script("return document.activeElement.matches('#hand button')")
    assert focused, "a shortcut letter must work in the language's keyboard layout"
    origins = {o for o in shown["origins"] if not o.startswith("ws")}
    assert origins == {stack.web_url.rstrip("/")}  # nothing outside the page's origin
