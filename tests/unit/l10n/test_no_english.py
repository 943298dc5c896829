"""Nothing a Hebrew reader sees is English: every message of the catalogue, what each
command prints (the audit of a clean, a tampered, a broken and a clocked game, the
narration, a turn's prompt, the tournament table) and the page (its static text, its
refusals and cards) hold no run of Latin letters but a name, an id, a card code, a unit
or a product's name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import orjson
import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor
from president.audit import audit_bundle, render_html, render_text
from president.audit.verify import audit_events
from president.l10n import localizer
from president.l10n.catalog import source
from president.rules import RejectionCode
from president_tools.cli import app
from president_tools.demo.narrate import Narrator
from president_tools.demo.terminal import render_prompt
from typer.testing import CliRunner

from services.web.app import STATIC
from tests.golden.l10n.renderings import BUNDLE, NAMES, render
from tests.support.page_l10n import run_node
from tests.support.tampering import TAMPERS, tampered
from tests.unit.audit.clocked import clocked_game
from tests.unit.audit.conftest import bundle_with

pytestmark = pytest.mark.unit

LOCALE = "he"
ALLOWED = {
    *(name for name in NAMES if name.isascii()),
    "p",  # the clocked game's players, p0 to p3
    "AI",  # the Hebrew sheet's own word (l.33 "ה־AI")
    *[
        "PostgreSQL",
        "NATS",
        "WebSocket",
        "SHA",
        "UTC",
        "JSON",
        "Ctrl",
        "Tab",
        "Home",
        "End",
        "port",
        "P",
        "S",
        "H",
    ],  # names of things, keys
    *["tbl", "clock", "game", "engine"],  # ids: tables, streams, a bus account
    *["ms", "s", "v", "inf"],  # units: milliseconds, seconds, v12 (a version); infinity
    *["A", "V", "D", "R", "J", "Q", "K", "C"],  # card letters (ranks, wire suits)
    *[
        "president",
        "serve",
        "web",
        "docs",
        "settings",
        "md",
        "auth",
        "callout",
    ],  # a command, a file
}
"""What may stand in a Hebrew line in Latin letters: names, ids, units, card letters."""
HEX = re.compile(r"\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b|\b[0-9a-f]{32,}\b")
SPAN = re.compile(
    r"\b[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z?"  # a time
    r"|\bhttps?://\S+"  # a URL
    r"|\b\d+[A-Za-z]\b"  # a wire card (10H)
    r"|\b[a-z]+(?:-[a-z0-9.]*\d[a-z0-9.]*)+"  # an id with a number: golden-l10n, cardverse-1.1.0
)


def english(text: str) -> list[str]:
    """The runs of Latin letters in ``text`` that are not allowed (hashes, times, URLs and
    wire cards such as ``10H`` are left out first)."""
    text = SPAN.sub(" ", HEX.sub(" ", text))
    return [run for run in re.findall(r"[A-Za-z]+", text) if run not in ALLOWED]


class _Literals(Visitor):
    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}
        self.key = ""

    def visit_Message(self, node: ast.Message) -> None:
        self.key = node.id.name
        self.generic_visit(node)

    def visit_TextElement(self, node: ast.TextElement) -> None:
        if runs := english(node.value):
            self.found.setdefault(self.key, []).extend(runs)


def _tampered_bundles() -> Iterator[bytes]:
    content = BUNDLE.read_bytes()
    lines = content.splitlines()
    rows = [{k: v for k, v in orjson.loads(line).items() if k != "kind"} for line in lines[1:-1]]
    for tamper in TAMPERS:
        for forged in (False, True):
            changed, _ = tampered(rows, tamper, forged=forged)
            yield bundle_with(content, changed, new_head=forged)
    yield b""
    yield b"not json\n" + content
    yield b"\n".join(lines[:40]) + b"\n"


def _audits() -> Iterator[tuple[str, str]]:
    he = localizer(LOCALE)
    for n, content in enumerate([BUNDLE.read_bytes(), *_tampered_bundles()]):
        report = audit_bundle(content)
        yield f"audit {n}", render_text(report, l10n=he)
        page = re.sub(r"<style>.*?</style>", " ", render_html(report, l10n=he), flags=re.S)
        yield f"audit {n} html", re.sub(r"<[^>]*>|&\w+;", " ", page)
    yield "clocked audit", render_text(audit_events(clocked_game()), l10n=he)


def _prompt() -> str:
    view: dict[str, Any] = {
        "seat": 0,
        "round": 2,
        "phase": "play",
        "reversed": True,
        "top_cards": ["QS", "QH"],
        "top_seat": 1,
        "hand_sizes": [5, 4, 3, 2],
        "hand": ["3C", "10H", "JD", "KS", "AH"],
        "legal_actions": [{"play": ["KS"]}, {"play": ["AH"]}, {"pass": True}],
    }
    narrator = Narrator(["Ana", "דוד"], l10n=localizer(LOCALE))
    return "\n".join(render_prompt(view, narrator))


def _commands() -> Iterator[tuple[str, str]]:
    yield "narration", render(BUNDLE.read_bytes(), LOCALE, "narration")
    yield "prompt", _prompt()
    yield from _audits()
    runner = CliRunner()
    for args in (
        ["audit", "--file", str(BUNDLE)],
        [
            "tournament",
            "--lineup",
            "hard,random",
            "--players",
            "3",
            "--deals",
            "1",
            "--workers",
            "1",
            "--iterations",
            "2",
        ],
    ):
        ran = runner.invoke(app, [*args, "--locale", LOCALE, "--bidi", "logical"])
        assert ran.exit_code == 0, ran.output
        yield args[0], ran.output


def test_no_message_of_the_catalogue_holds_english() -> None:
    literals = _Literals()
    literals.visit(FluentParser(with_spans=False).parse(source(LOCALE)))
    assert literals.found == {}


@pytest.mark.parametrize(("what", "text"), list(_commands()), ids=lambda x: str(x)[:20])
def test_what_a_command_prints_holds_no_english(what: str, text: str) -> None:
    assert english(text) == [], what


class _StaticText(HTMLParser):
    """The text of the page that no catalogue replaces (outside ``data-l10n-id``)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ("meta", "link", "input", "br"):
            self.stack.append(tag == "title" or any(k == "data-l10n-id" for k, _ in attrs))

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("meta", "link", "input", "br"):
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1]):
            self.text.append(data)


def test_the_pages_own_text_holds_no_english_and_its_title_is_the_catalogues() -> None:
    page = _StaticText()
    page.feed((STATIC / "index.html").read_text())
    assert english(" ".join(page.text)) == []
    assert 'document.title = t("web-title")' in (STATIC / "l10n.js").read_text()


def test_the_pages_refusals_and_cards_hold_no_english() -> None:
    refusals = [
        (code.value, {"cards": ["JD", "10H"], "rank": "K", "card": "QS", "count": 2})
        for code in RejectionCode
    ]
    shown = run_node(
        "page.use(data.locale, data.source);\n"
        "done([...data.refusals.map(([c, p]) => page.refusal(c, p)),"
        " ...data.refusals.map(([c]) => page.refusal(c)),"
        " page.cardList(['JD', 'QS', 'KH', 'AC']), page.t('web-title')]);",
        {"locale": LOCALE, "source": source(LOCALE), "refusals": refusals},
    )
    assert [text for text in shown if english(text)] == []
