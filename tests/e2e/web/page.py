"""The page as a player sees it, through Selenium: the lobby, the hand's buttons, the
seats, the results and the log (read from the DOM the page renders)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select

TURN_TIMEOUT = 60.0
ENABLED_CARDS = """return [...document.querySelectorAll('#hand button.card')]
  .filter((button) => !button.disabled).map((button) => button.dataset.card);"""
LOG = """return [...document.querySelectorAll('#log li')].map((li) =>
  [Number(li.dataset.round ?? 0), Number(li.dataset.seat ?? 0), li.dataset.cards ?? null]);"""
RESULTS = """const body = document.getElementById('results-body');
const titles = [...body.querySelectorAll('tbody tr[data-round]')].map((row) =>
  [row.dataset.round, [...row.querySelectorAll('td[data-seat]')].map((td) => td.dataset.title)]);
const scores = [...body.querySelectorAll('tr.total td[data-seat]')]
  .map((td) => Number(td.dataset.score ?? 0));
return [titles, scores];"""
DUE = """return document.querySelector('#hand button.card:not(:disabled)') !== null
  || !document.getElementById('pass').disabled;"""


@dataclass
class Page:
    driver: webdriver.Chrome
    url: str

    def open(self, query: str = "") -> None:
        self.driver.get(f"{self.url}{query}")
        self.wait(lambda: self.driver.find_element(By.ID, "language").text != "", "the page")

    def wait(
        self,
        done: Callable[[], Any],
        what: str,
        timeout: float = TURN_TIMEOUT,
        diagnose: Callable[[], str] | None = None,
    ) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = done()
            except StaleElementReferenceException:
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(
            f"waited {timeout} s for {what}" + (f": {diagnose()}" if diagnose else "")
        )

    def text(self, element_id: str) -> str:
        """An element's whole text, shown or not (the debug drawer's)."""
        script = "return document.getElementById(arguments[0]).textContent"
        return str(self.driver.execute_script(script, element_id))

    def element(self, element_id: str) -> WebElement:
        return self.driver.find_element(By.ID, element_id)

    def create_table(
        self, name: str = "Ann", players: int = 3, rounds: int = 1, turn_seconds: int = 0
    ) -> str:
        """Fill the lobby form by clicks and keys: seat 0, AI Easy in the others."""
        self.element("player-name").send_keys(name)
        Select(self.element("players")).select_by_value(str(players))
        rounds_field = self.element("rounds")
        rounds_field.clear()
        rounds_field.send_keys(str(rounds))
        if turn_seconds:
            seconds = self.element("turn-seconds")
            seconds.clear()
            seconds.send_keys(str(turn_seconds))
        self.element("create").click()
        self.wait(lambda: self.element("table").is_displayed(), "the table")
        self.wait(lambda: self.view() is not None, "the first view")
        return str(self.session()["table_id"])

    def session(self) -> dict[str, Any]:
        raw = self.driver.execute_script("return sessionStorage.getItem('president-seat')")
        return dict(json.loads(raw))

    def view(self) -> dict[str, Any] | None:
        """The last view the debug drawer shows (``?debug=1``), else the page's hand."""
        raw = self.driver.execute_script("return document.getElementById('debug-view').textContent")
        return json.loads(raw) if raw else None

    def cards(self) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, "#hand button.card")

    def enabled_cards(self) -> list[str]:
        """The hand's playable cards, read in one script: the hand is drawn anew with each
        view, so buttons found first and asked one by one may be gone meanwhile."""
        return list(self.driver.execute_script(ENABLED_CARDS))

    def over(self) -> bool:
        return self.element("new-game").is_displayed() and self.element("results").is_displayed()

    def next_round(self) -> bool:
        """Past a round's summary ("Next round"), if one is shown."""
        button = self.element("continue")
        if button.is_displayed():
            button.click()
            return True
        return False

    def due(self) -> bool:
        return bool(self.driver.execute_script(DUE))

    def take_turn_by_clicks(self) -> None:
        """The first playable combination, card by card (or Pass when none). The hand is
        drawn anew with every view: a card gone between the look and the click means another
        look (the picks made stay picked)."""
        for _ in range(20):
            try:
                return self._pick_and_play()
            except StaleElementReferenceException:
                continue
        raise AssertionError("the hand was drawn anew at every look")

    def _pick_and_play(self) -> None:
        for _ in range(4):
            if self.element("play").is_enabled():
                break
            picked = [
                c
                for c in self.cards()
                if c.is_enabled() and c.get_attribute("aria-pressed") != "true"
            ]
            if not picked:
                break
            picked[0].click()
        if self.element("play").is_enabled():
            self.element("play").click()
        elif self.element("pass").is_enabled():
            self.element("pass").click()

    def play_to_the_end(
        self, turn: Callable[[], None], each: Callable[[], None] | None = None
    ) -> int:
        """Take every turn with ``turn`` until the results; ``each`` checks the page first.
        Returns the turns taken."""
        turns = 0
        deadline = time.monotonic() + 240
        while not self.over():
            assert time.monotonic() < deadline, "the game did not end"
            if self.next_round() or not self.due():
                time.sleep(0.05)
                continue
            if each is not None:
                each()
            before = self.text("debug-view")
            try:
                turn()
            except StaleElementReferenceException:  # a view came meanwhile: look again
                continue
            turns += 1
            self.wait(
                lambda b=before: self.over() or self.text("debug-view") != b,
                "the view after a move",
                diagnose=lambda: (
                    f"refusal {self.element('refusal').text!r}, reply"
                    f" {self.text('debug-reply')}, connection {self.text('debug-connection')}"
                ),
            )
        return turns

    def log(self) -> list[tuple[int, int, str]]:
        """The log's entries: (round, seat, cards) with '' for a pass."""
        return [(r, s, str(c)) for r, s, c in self.driver.execute_script(LOG)]

    def results(self) -> dict[str, Any]:
        """The results table: titles per round (by seat) and the score row."""
        titles, scores = self.driver.execute_script(RESULTS)
        return {"titles": {int(r): t for r, t in titles}, "scores": scores}
