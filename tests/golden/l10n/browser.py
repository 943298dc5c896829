"""The HTML audits in headless Chromium (Debian's chromium and chromedriver, via Selenium)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "l10n"


def available() -> bool:
    return Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()


@contextmanager
def chromium(width: int = 1200, height: int = 1400) -> Iterator[webdriver.Chrome]:
    """A headless Chromium window of ``width`` x ``height`` CSS pixels."""
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def screenshot(page: Path, out: Path) -> None:
    """``page`` (an HTML file) as a PNG."""
    with chromium() as driver:
        driver.get(page.resolve().as_uri())
        driver.save_screenshot(str(out))
