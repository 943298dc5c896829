"""What the demo and `play` show, and how a typed answer picks a legal action."""

from __future__ import annotations

from typing import Any

from president.l10n import localizer
from president_tools.demo.narrate import Narrator
from president_tools.demo.terminal import choose, describe_action
from president_tools.loadtest import percentile

LEGAL: list[dict[str, Any]] = [
    {"seat": 0, "play": ["6C"]},
    {"seat": 0, "play": ["6C", "6D"]},
    {"seat": 0, "pass": True},
]


def test_a_trick_is_one_line_with_its_revolution_and_winner() -> None:
    narrator = Narrator(["Ana", "Bo", "Cy"])
    assert narrator.lines("CardsPlayed", {"round": 1, "seat": 0, "cards": ["5C"] * 4}) == []
    narrator.lines("OrderReversed", {"round": 1, "seat": 0, "reversed": True})
    narrator.lines("Passed", {"round": 1, "seat": 1})
    (line,) = narrator.lines("TrickEnded", {"round": 1, "winner": 0, "leader": 0})
    assert "Ana 5♣ 5♣ 5♣ 5♣" in line and "REVOLUTION by Ana" in line and "Bo pass" in line
    assert line.endswith("Ana wins the trick")


def test_a_round_shows_its_finishing_order_with_titles_points_and_scores() -> None:
    narrator = Narrator(["Ana", "Bo", "Cy"])
    lines = narrator.lines(
        "RoundEnded",
        {
            "round": 1,
            "finish_order": [2, 0, 1],
            "points": [2, 1, 3],
            "titles": ["neutral", "asshole", "president"],
            "scores": [2, 1, 3],
        },
    )
    assert lines[1].split() == ["1.", "Cy", "President", "+3"]
    assert lines[-1].strip() == "cumulative score: Ana 2, Bo 1, Cy 3"


def test_an_answer_is_a_number_the_cards_or_pass() -> None:
    assert choose("2", LEGAL) == LEGAL[1]
    assert choose("6d 6c", LEGAL) == LEGAL[1]
    assert choose(" pass ", LEGAL) == LEGAL[2]
    assert choose("4", LEGAL) is None and choose("7H", LEGAL) is None
    assert [describe_action(a) for a in LEGAL] == ["play 6♣", "play 6♣ 6♦", "pass"]


def test_percentiles_are_nearest_rank() -> None:
    samples = [float(n) for n in range(1, 101)]
    assert percentile(samples, 50) == 50.0 and percentile(samples, 99) == 99.0


def test_cards_may_be_typed_as_the_screen_shows_them_or_as_the_wire_writes_them() -> None:
    hr = localizer("hr")
    legal = [{"play": ["JD"]}, {"play": ["QS", "QH"]}, {"pass": True}]
    assert choose("V♦", legal, hr) == choose("vd", legal, hr) == choose("JD", legal, hr) == legal[0]
    assert choose("D♠ D♥", legal, hr) == choose("ds dh", legal, hr) == legal[1]  # D: the queen
    assert choose("propusti", legal, hr) == choose("pass", legal, hr) == legal[2]
    assert choose("VD", legal, localizer("en")) is None  # no V in English
