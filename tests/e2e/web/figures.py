"""The browser table's figures: seconds from `president web` to the page served and to a
finished game played by clicks in headless Chromium (3 seats, 1 round, AI Easy), and the
page's requests and bytes (as sent, gzip, and decoded). With --screenshots, the lobby, a
turn, the results and the Hebrew layout go to docs/web/.

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

from tests.e2e.web.page import Page
from tests.golden.l10n.browser import chromium

DOCS = Path(__file__).resolve().parents[3] / "docs" / "web"
RESOURCES = """
const entries = [...performance.getEntriesByType('navigation'),
                 ...performance.getEntriesByType('resource')];
return entries.filter(e => e.name.startsWith('http')).map(e => ({
  name: e.name, sent: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize}));
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshots", action="store_true")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="president-web-"))
    started = time.monotonic()
    web = subprocess.Popen(
        [sys.executable, "-m", "president_tools", "web", "--data-dir", str(data)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert web.stdout is not None
        url = ""
        for line in web.stdout:
            found = re.search(r"Open (http://\S+)", line)
            if found:
                url = found.group(1)
                break
        with urllib.request.urlopen(url, timeout=5) as answer:
            assert answer.status == 200
        served = time.monotonic() - started
        with chromium(width=900, height=1300) as driver:
            page = Page(driver, url)
            page.open("?lang=en&debug=1")
            page.wait(lambda: True, "")
            resources = driver.execute_script(RESOURCES)
            if args.screenshots:
                DOCS.mkdir(parents=True, exist_ok=True)
                page.driver.get(f"{url}?lang=en")
                page.wait(lambda: page.element("language").text, "the lobby")
                page.element("player-name").send_keys("Ann")
                driver.save_screenshot(str(DOCS / "lobby.png"))
                page.driver.get(f"{url}?lang=en&debug=1")
            page.create_table(players=3, rounds=1)
            page.wait(page.due, "the first turn")
            if args.screenshots:
                page.element("keys").click()  # a neutral place: no focus ring on a card
                driver.execute_script("document.getElementById('debug').hidden = true")
                driver.save_screenshot(str(DOCS / "turn.png"))
            page.play_to_the_end(page.take_turn_by_clicks)
            finished = time.monotonic() - started
            if args.screenshots:
                driver.execute_script("document.getElementById('debug').hidden = true")
                driver.save_screenshot(str(DOCS / "results.png"))
                page.driver.get(f"{url}?lang=he")
                page.wait(lambda: page.element("results").is_displayed(), "the Hebrew results")
                driver.save_screenshot(str(DOCS / "hebrew.png"))
    finally:
        web.send_signal(signal.SIGTERM)
        web.wait(60)
    figures = {
        "page_served_s": round(served, 1),
        "finished_game_s": round(finished, 1),
        "requests": len(resources),
        "bytes_decoded": sum(r["decoded"] for r in resources),
        "bytes_encoded": sum(r["encoded"] for r in resources),
        "bytes_sent": sum(r["sent"] for r in resources),
    }
    print(json.dumps(figures))
    for r in resources:
        print(f"  {r['decoded']:>8} {r['encoded']:>8}  {r['name']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
