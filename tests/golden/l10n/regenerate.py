"""Regenerate the localized renderings: ``python -m tests.golden.l10n.regenerate [--game]``.

The he and ka HTML audits are screenshotted too (docs/l10n/, headless Chromium).
``--game`` records the game again (only when the sample writer or the rules changed on
purpose: the point of a recorded game is that it stays as it was recorded). Read the diff
of every file before committing it.
"""

from __future__ import annotations

import sys

from president.l10n import LOCALES

from tests.golden.l10n.browser import SCREENSHOTS, screenshot
from tests.golden.l10n.renderings import BUNDLE, KINDS, golden_path, record_game, render

SCREENSHOT_LOCALES = ("he", "ka")


def main(argv: list[str]) -> None:
    if "--game" in argv or not BUNDLE.exists():
        BUNDLE.write_bytes(record_game())
    content = BUNDLE.read_bytes()
    for locale in LOCALES:
        for suffix, kind in KINDS.items():
            golden_path(locale, suffix).write_text(render(content, locale, kind), encoding="utf-8")
    for locale in SCREENSHOT_LOCALES:
        screenshot(golden_path(locale, "audit.html"), SCREENSHOTS / f"{locale}.audit.png")
    print(f"wrote {BUNDLE.name}, {len(LOCALES) * len(KINDS)} renderings and the screenshots")


if __name__ == "__main__":
    main(sys.argv[1:])
