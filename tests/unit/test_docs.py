"""The README stays a short guide, and every relative link of the README and of the
manual (docs/) leads to a file that exists, and to a heading that exists there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
README_MAX_LINES = 300

_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    return {_anchor(m) for m in re.findall(r"^#+ (.+)$", text, re.M)}


def _relative_links(page: Path) -> list[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)
    return [t for t in _LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def test_the_readme_is_a_short_guide() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines: move the manual to docs/"


def test_the_readme_starts_with_the_two_commands() -> None:
    """`.ci/run` runs what the README tells a new user to run: `make demo`, `make test`."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    commands = [
        [line.split("#", 1)[0].strip() for line in block.splitlines()] for block in blocks[:2]
    ]
    assert commands == [["make demo", "make test"], ["make web"]]  # then the browser's


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken: list[str] = []
    for target in _relative_links(page):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {file.relative_to(ROOT)}")
        elif anchor and file.suffix == ".md" and anchor not in _anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {file.relative_to(ROOT)}")
    assert not broken, "\n".join(broken)
