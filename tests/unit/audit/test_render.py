"""The account reads well: text by round, a self-contained HTML page with cards as cards."""

from __future__ import annotations

from html.parser import HTMLParser

from president.audit import audit_events, render_html, render_text
from president.store import RecordedEvent

_VOID = {"meta", "br", "link", "img", "input", "hr"}


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in _VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()


def test_the_page_is_self_contained_with_one_section_per_round(
    events: list[RecordedEvent],
) -> None:
    page = render_html(audit_events(events))
    parser = _Balance()
    parser.feed(page)
    assert parser.stack == []
    assert not [t for t, a in parser.tags if t in ("script", "link", "img", "iframe")]
    sections = [a.get("id") for t, a in parser.tags if t == "section"]
    assert sections[:2] == ["round-1", "round-2"]
    assert "everything checks" in page


def test_cards_are_drawn_as_cards_in_their_suit_colour(events: list[RecordedEvent]) -> None:
    page = render_html(audit_events(events))
    assert '<span class="card red" title="10H">10♥</span>' in page
    assert '<span class="card black" title="QS">Q♠</span>' in page


def test_a_failed_audit_shows_the_problems_on_the_page(events: list[RecordedEvent]) -> None:
    report = audit_events(events[:3] + events[4:])
    page = render_html(report)
    assert "does NOT check" in page and "event 5" in page


def test_the_text_account_shows_deal_exchange_tricks_and_points(
    events: list[RecordedEvent],
) -> None:
    text = render_text(audit_events(events))
    for expected in (
        "deal: commitment",
        "matches the commitment",
        "dealt hands follow from the seed",
        "exchange (v",
        "trick 1:",
        "out (v",
        "points: ",
        "Game over, final scores",
        "Verdict: OK",
    ):
        assert expected in text


def test_untrusted_text_is_escaped_on_the_page(events: list[RecordedEvent]) -> None:
    report = audit_events(events, table_id="<script>alert(1)</script>")
    page = render_html(report)
    assert "<script>" not in page and "&lt;script&gt;" in page
