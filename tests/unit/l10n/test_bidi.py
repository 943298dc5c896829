"""Hebrew on a terminal (UAX #9 via python-bidi): card lists, scores and names keep their order."""

from __future__ import annotations

import pytest
from bidi import get_display
from president.l10n import BidiMode, for_terminal, localizer

pytestmark = pytest.mark.unit

HE = localizer("he")
REVERSED_ORDER = ["2S", "AH", "KD", "QC", "JS", "10H", "9C", "3D"]


def shown(line: str) -> str:
    return for_terminal(line, BidiMode.VISUAL, rtl=True)


def test_a_card_list_is_one_left_to_right_run_in_a_hebrew_line() -> None:
    line = HE.text("play-hand", cards=HE.cards(REVERSED_ORDER))

    visual = shown(line)

    assert "2♠ A♥ R♦ D♣ V♠ 10♥ 9♣ 3♦" in visual  # in order, "10♥" not "♥10"
    assert visual.endswith("היד שלך"[::-1])  # the label on the right, reversed for display


def test_without_the_isolation_the_same_cards_come_out_of_order() -> None:
    # The failure the isolation prevents: the bare list after a Hebrew label.
    bare = "היד שלך: " + " ".join(HE.card(card) for card in ["10H", "9C", "AH"])
    assert "10♥ 9♣ A♥" not in get_display(bare, base_dir="R")
    isolated = HE.text("play-hand", cards=HE.cards(["10H", "9C", "AH"]))
    assert "10♥ 9♣ A♥" in shown(isolated)


def test_scores_and_names_in_a_hebrew_line_stay_with_their_seat() -> None:
    scores = HE.join(
        HE.text("score", name=HE.name(name), score=score)
        for name, score in [("Ana", 7), ("דוד", 12), ("ნინო", 1_000_000)]
    )
    visual = shown(HE.text("cumulative-score", scores=scores))

    # Read from the right: the label, Ana 7, דוד 12, ნინო 1,000,000 (each number with its name).
    assert visual == "1,000,000 ნინო ,12 דוד ,7 Ana :רבטצמה דוקינה".replace("דוד", "דוד"[::-1])


def test_logical_mode_leaves_the_line_as_stored() -> None:
    line = HE.text("play-hand", cards=HE.cards(["10H"]))
    assert for_terminal(line, BidiMode.LOGICAL, rtl=True) == line


def test_a_hebrew_name_in_a_croatian_line_keeps_the_numbers_in_place() -> None:
    hr = localizer("hr")
    line = hr.join(
        hr.text("seat-entry", seat=n, name=hr.name(name))
        for n, name in enumerate(["Ana", "שרה", "ნინო"])
    )
    visual = for_terminal(line, BidiMode.VISUAL, rtl=False)
    assert visual == "0: Ana, 1: הרש, 2: ნინო"  # the name reversed for display, nothing else
    bare = "0: Ana, 1: שרה, 2: ნინო"  # without the isolation the seat numbers move
    assert get_display(bare, base_dir="L") != visual


def test_localized_text_is_never_case_transformed() -> None:
    ka, tr = localizer("ka"), localizer("tr")
    assert ka.event("OrderReversed", name="ნინო", reversed="yes").startswith("რევოლუცია")
    assert "DEVRİM" in tr.event("OrderReversed", name="Ana", reversed="yes")  # dotted capital İ


def test_brackets_and_arrows_face_the_reading_direction_in_a_hebrew_line() -> None:
    line = HE.text("audit-trick", number=1, moves="0: 3♣", end=HE.text("round-over"))
    visual = shown(line)
    assert "(בוביסה ףוס)" in visual and "<-" in visual  # not ")…(" and ">-"
    assert shown(HE.event("SeatBack", name="Ana")).startswith("ןחלושה דיל בוש")


def test_a_hebrew_score_keeps_its_sign_before_the_number() -> None:
    line = HE.text("round-place", place=1, name="Ana", title=HE.title("president"), points=4)
    assert shown(line).startswith("+4 ")  # the leftmost, read last; "4+" before


def test_mirroring_applies_only_at_right_to_left_levels() -> None:
    assert shown("(Ana) שלום") == "םולש (Ana)"  # the Latin run keeps its brackets
    assert for_terminal("x (a) -> [b]", BidiMode.VISUAL, rtl=False) == "x (a) -> [b]"
