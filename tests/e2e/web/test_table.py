"""The table a person can follow (issue 30), in Chromium against the whole system: a
2-round game with an exchange played by clicks, round 1 on a 1366x768 laptop and round 2
on a 390x844 phone, every move shown in its seat's place in order, the action bar always
in view and nothing wider than the screen, a card that does not fit the pick starting a
new one, the round's summary and the game's winner;
axe-core finds nothing serious in English and Hebrew; the replay is stepped to its end,
and a tampered log is shown failed. Then absence: a refusal left on a turn that times out
is gone on the next turn, the warning after a time-out, "I am back" while away, and the
seat found again from the lobby of a new tab."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from president.audit import game_stream_id
from president.store.postgres import PostgresEventStore
from president_tools.stack import ServiceStack
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from tests.e2e.web.page import Page
from tests.e2e.web.test_play import game_events
from tests.support.tampering import TAMPERS, rewrite_as_superuser, rows_of, tampered

AXE = Path(__file__).resolve().parents[3] / "services" / "web" / "vendor" / "axe" / "axe.min.js"
PACE_MS = 120
"""The display's pace here: slow enough that each move is its own frame, fast enough."""

RECORD = """
window.__seen = [];
const last = {};
const look = () => {
  const felt = document.getElementById('felt');
  for (const box of felt.querySelectorAll('.seat')) {
    const did = box.querySelector('.did');
    const cards = did.hasAttribute('data-cards') ? did.dataset.cards : null;
    if (last[box.dataset.seat] === cards) continue;
    last[box.dataset.seat] = cards;
    if (cards !== null) window.__seen.push([+felt.dataset.round, +box.dataset.seat, cards]);
  }
};
new MutationObserver(look).observe(document.getElementById('felt'),
  {subtree: true, childList: true, attributes: true});
window.__offered = []; // each summary shown with "Next round" on offer
const summary = document.getElementById('summary');
new MutationObserver(() => {
  const heading = document.getElementById('summary-heading').textContent;
  const offered = !summary.hidden && !document.getElementById('continue').hidden;
  if (offered && window.__offered.at(-1) !== heading) window.__offered.push(heading);
}).observe(summary, {subtree: true, attributes: true, attributeFilter: ['hidden']});
"""
FITS = """
const bar = document.querySelector('.actions').getBoundingClientRect();
const play = document.getElementById('play').getBoundingClientRect();
return {
  bar: bar.top >= 0 && bar.bottom <= window.innerHeight && play.bottom <= window.innerHeight,
  wide: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  height: window.innerHeight, top: bar.top, bottom: bar.bottom,
};
"""


def _size(driver: webdriver.Chrome, width: int, height: int, mobile: bool) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is."""
    page.driver.execute_script(AXE.read_text())
    found = page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations));"
    )
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:3]}
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _language(page: Page, code: str) -> None:
    Select(page.element("language")).select_by_value(code)
    page.wait(lambda: page.driver.execute_script("return document.documentElement.lang") == code,
              f"the page in {code}")  # fmt: skip


@pytest.fixture
def page(stack: ServiceStack, browser: webdriver.Chrome) -> Iterator[Page]:
    _size(browser, 1366, 768, mobile=False)
    page = Page(browser, stack.web_url)
    page.open(f"?debug=1&lang=en&pace={PACE_MS}")
    yield page


def _turn_in_view(page: Page) -> None:
    fits = page.driver.execute_script(FITS)
    assert fits["bar"], f"the action bar is out of view: {fits}"
    assert fits["wide"] <= 0, f"the page is {fits['wide']} px wider than the screen"


def _summary(page: Page, stack: ServiceStack, table_id: str) -> None:
    """Round 1's summary: its finishing order is the log's."""
    (ended,) = [
        e for e in game_events(stack, table_id) if e.type == "RoundEnded" and e.data["round"] == 1
    ]
    rows = "return [...document.querySelectorAll('#summary-order li')].map((l) => +l.dataset.seat)"
    assert page.driver.execute_script(rows) == ended.data["finish_order"]
    heading = page.element("summary-heading").text
    assert heading.replace("\u2068", "").replace("\u2069", "") == "Round 1 is over."


@pytest.mark.timeout(300)
def test_a_two_round_game_is_followed_seat_by_seat_on_a_laptop_then_a_phone(
    stack: ServiceStack, page: Page
) -> None:
    assert axe_violations(page) == []  # the lobby
    page.driver.execute_script(RECORD)
    table_id = page.create_table(players=4, rounds=2)
    page.wait(page.due, "the first turn")  # seat 0 leads round 1: Pass says why it is off
    assert not page.element("pass").is_enabled()
    why = page.element("why").text.replace("\u2068", "").replace("\u2069", "")
    assert "leader of a trick must play" in why
    _a_card_that_does_not_fit_starts_a_new_pick(page)
    seen_summary = mid_trick_checked = False
    deadline = time.monotonic() + 240
    while not page.over():
        assert time.monotonic() < deadline, "the game did not end"
        if page.element("continue").is_displayed():
            _summary(page, stack, table_id)
            assert axe_violations(page) == []
            _size(page.driver, 390, 844, mobile=True)  # round 2 on a phone
            page.next_round()
            seen_summary = True
            continue
        if not page.due():
            time.sleep(0.05)
            continue
        _turn_in_view(page)
        if not mid_trick_checked and page.element("pass").is_enabled():
            assert axe_violations(page) == []  # the table mid-trick
            mid_trick_checked = True
        before = page.text("debug-view")
        page.take_turn_by_clicks()
        page.wait(lambda b=before: page.over() or page.text("debug-view") != b, "the next view")
    assert seen_summary
    offered = page.driver.execute_script("return window.__offered")
    assert [h.replace("\u2068", "").replace("\u2069", "") for h in offered] == ["Round 1 is over."]
    events = game_events(stack, table_id)
    moves = [
        [e.data["round"], e.data["seat"], " ".join(e.data.get("cards", []))]
        for e in events
        if e.type in ("CardsPlayed", "Passed")
    ]
    assert any(e.type == "CardsReturned" for e in events)  # round 2 had its exchange
    seen = lambda: page.driver.execute_script("return window.__seen")  # noqa: E731
    page.wait(lambda: seen() == moves, "every move shown in its seat's place, in order",
              timeout=10, diagnose=lambda: f"shown {seen()}, played {moves}")  # fmt: skip
    (ended,) = [e for e in events if e.type == "GameEnded"]
    scores = list(ended.data["scores"])
    best = [seat for seat, score in enumerate(scores) if score == max(scores)]
    assert page.element("winner").get_attribute("data-winners") == " ".join(map(str, best))
    assert page.element("winner").is_displayed()
    _turn_in_view_or_over(page)
    _language(page, "he")
    assert axe_violations(page) == []  # the game's end, in Hebrew, on the phone
    step_through_the_replay(stack, page, table_id, events)


def _hand_card(page: Page, code: str) -> Any:
    return page.driver.find_element(By.CSS_SELECTOR, f'#hand button.card[data-card="{code}"]')


def _a_card_that_does_not_fit_starts_a_new_pick(page: Page) -> None:
    """On a lead: a card, then one of another rank (no play holds both): the second is
    the pick, with no un-pick of the first."""
    playable = page.enabled_cards()
    first = playable[0]
    other = next(code for code in playable if code[:-1] != first[:-1])
    _hand_card(page, first).click()
    page.wait(lambda: _hand_card(page, first).get_attribute("aria-pressed") == "true", "a pick")
    _hand_card(page, other).click()
    pressed = lambda: [  # noqa: E731
        c.get_attribute("data-card")
        for c in page.cards()
        if c.get_attribute("aria-pressed") == "true"
    ]
    page.wait(lambda: pressed() == [other], "the new pick", diagnose=lambda: str(pressed()))


NOT_IN_HAND = """
const seat = JSON.parse(sessionStorage.getItem('president-seat'));
const view = JSON.parse(document.getElementById('debug-view').textContent).view;
const card = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2']
  .flatMap((rank) => ['C', 'D', 'H', 'S'].map((suit) => rank + suit))
  .find((code) => !view.hand.includes(code));
sessionStorage.setItem('president-last', JSON.stringify({
  type: 'PlayCards', command_id: `web:${seat.table_id}:refused:${seat.seat}:PlayCards`,
  table_id: seat.table_id, seat: seat.seat, seat_token: seat.seat_token, cards: [card]}));
"""
"""A play of a card not in the hand, made the debug drawer's last command: its "resend"
sends it, and the table refuses it."""


def _refused(page: Page) -> int:
    """A refusal shown on this turn (a play of a card not in the hand); its version."""
    view = page.view()
    assert view is not None
    page.driver.execute_script(NOT_IN_HAND)
    page.element("debug-resend").click()
    page.wait(lambda: page.text("refusal"), "the refusal")
    return int(view["stream_version"])


def _turn_in_view_or_over(page: Page) -> None:
    wide = page.driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert wide <= 0, f"the results are {wide} px wider than the phone"


def step_through_the_replay(
    stack: ServiceStack, page: Page, table_id: str, events: list[Any]
) -> None:
    """From the game's end to its replay: stepped move by move to the end, the verdict OK;
    then the log tampered with in Postgres, and the page says the record does not check."""
    page.element("replay-link").click()  # in a tab of its own: the table stays
    page.wait(lambda: len(page.driver.window_handles) == 2, "the replay's tab")
    page.driver.switch_to.window(page.driver.window_handles[-1])
    page.wait(lambda: page.element("stepper").is_displayed(), "the replay")
    assert page.element("verdict").get_attribute("data-ok") == "true"
    decisions = [
        e.version
        for e in events
        if e.type in ("RoundDealt", "CardsReturned", "CardsPlayed", "Passed")
    ]
    shown = []
    keys = ActionChains(page.driver)
    rtl = page.driver.execute_script("return document.documentElement.dir") == "rtl"
    while True:
        at = page.element("step-move").get_attribute("data-version")
        shown.append(int(at or 0))
        if not page.element("next").is_enabled():
            break
        keys.send_keys(Keys.ARROW_LEFT if rtl else Keys.ARROW_RIGHT).perform()
        page.wait(
            lambda was=at: page.element("step-move").get_attribute("data-version") != was,
            "the next step",
        )
    assert shown == decisions
    assert "#v" in page.driver.current_url  # a link to the move shown
    hands = page.driver.find_elements(By.CSS_SELECTOR, "#hands li")
    assert len(hands) == 4
    assert axe_violations(page) == []
    (changed,) = [t for t in TAMPERS if t.name == "changed card in a play"]

    async def tamper() -> int:
        store = await PostgresEventStore.connect(stack.database_url, max_size=2)
        try:
            stream = game_stream_id(table_id)
            rows, version = tampered(
                rows_of(await store.read_stream(stream)), changed, forged=False
            )
            await rewrite_as_superuser(store, stream, rows)
            return version
        finally:
            await store.close()

    version = asyncio.run(tamper())
    page.driver.refresh()
    page.wait(lambda: page.element("verdict").is_displayed(), "the verdict")
    assert page.element("verdict").get_attribute("data-ok") == "false"
    problems = page.driver.find_elements(By.CSS_SELECTOR, "#problems li")
    assert any(p.get_attribute("data-check") == "hash_chain" for p in problems)
    assert str(version) in {p.get_attribute("data-version") for p in problems}


AWAY_STATE = """const reply = JSON.parse(document.getElementById('debug-view').textContent);
return {phase: reply.view.phase, clock: reply.clock, version: reply.stream_version,
        back_hidden: document.getElementById('back').hidden,
        dock_hidden: document.getElementById('dock').hidden,
        summary_hidden: document.getElementById('summary').hidden,
        note: document.getElementById('away-note').textContent};"""


CLICK_BACK = """const back = document.getElementById('back');
if (back.hidden || back.offsetParent === null) return false;
back.click();
return true;"""
"""Click "I am back" if the page shows it, in one script: away, the clock plays the seat's
turns and the rounds go fast (under load the game ended between a look and a click)."""


@pytest.mark.timeout(240)
def test_time_outs_are_warned_away_is_undone_and_the_seat_is_found_from_a_new_tab(
    stack: ServiceStack, page: Page
) -> None:
    page.element("turn-seconds").clear()
    page.element("turn-seconds").send_keys("2")
    assert "2" in page.element("clock-rules").text and page.element("clock-rules").is_displayed()
    table_id = page.create_table(players=3, rounds=20, turn_seconds=2)  # outlasts away and back
    page.wait(lambda: page.element("my-clock").is_displayed(), "the countdown of my turn")
    refused_on = _refused(page)  # left unanswered: this turn times out
    page.wait(lambda: "ran out" in page.element("away-note").text, "the warning", timeout=20)
    page.wait(lambda: page.due() and (page.view() or {}).get("stream_version", -1) > refused_on,
              "my next turn", timeout=20)  # fmt: skip
    assert page.text("refusal") == ""  # the stale refusal is gone with its turn
    page.wait(lambda: page.driver.execute_script(CLICK_BACK), "I am back, while away",
              timeout=30, diagnose=lambda: page.driver.execute_script(AWAY_STATE))  # fmt: skip

    def away_and_back() -> list[str]:
        events = game_events(stack, table_id)
        return [e.type for e in events if e.type in ("SeatAway", "SeatBack")][:2]

    page.wait(lambda: away_and_back() == ["SeatAway", "SeatBack"], "back at the table",
              diagnose=lambda: str(away_and_back()))  # fmt: skip
    # The way back from a new tab, on a table without a clock, where nothing moves while
    # the tab is closed: on the clocked one the seat goes away again and, on a quiet
    # machine, the AIs finish its 20 rounds before the new tab's lobby can list it.
    page.driver.execute_script("sessionStorage.clear()")
    page.open("?debug=1&lang=en&pace=0")
    page.element("turn-seconds").clear()
    page.element("turn-seconds").send_keys("0")  # no clock
    table_id = page.create_table(players=3, rounds=1)
    first = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    page.driver.switch_to.window(first)
    page.driver.close()  # the table's tab is closed
    page.driver.switch_to.window(page.driver.window_handles[0])
    page.open("?debug=1&lang=en&pace=0")
    rejoin = page.wait(
        lambda: page.driver.find_elements(
            By.CSS_SELECTOR, f'#my-games li[data-table="{table_id}"] button'
        ),
        "the table in the lobby",
        diagnose=lambda: page.driver.execute_script(
            "return [localStorage.getItem('president-seats'),"
            " document.getElementById('my-games').outerHTML]"
        ),
    )
    rejoin[0].click()
    page.wait(lambda: page.view() is not None, "the seat again")
    assert page.session()["table_id"] == table_id and page.session()["seat"] == 0
