"""Text for a terminal: in visual order (python-bidi, UAX #9) unless the terminal reorders."""

from __future__ import annotations

from enum import StrEnum

from bidi import get_display

BIDI_CONTROLS = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u202e"))


class BidiMode(StrEnum):
    """``visual``: lines are printed reordered, for terminals that show characters as they
    come; ``logical``: printed as stored, for terminals that apply the bidi algorithm."""

    VISUAL = "visual"
    LOGICAL = "logical"


def for_terminal(line: str, mode: BidiMode, *, rtl: bool) -> str:
    """``line`` as the terminal should receive it (``rtl``: the paragraph is right to left)."""
    if mode is BidiMode.LOGICAL:
        return line
    if not any(ord(c) in BIDI_CONTROLS or _strong_rtl(c) for c in line):
        return line
    shown = get_display(line, base_dir="R" if rtl else "L")
    return str(shown).translate(BIDI_CONTROLS)


def _strong_rtl(char: str) -> bool:
    return "\u0590" <= char <= "\u08ff" or "\ufb1d" <= char <= "\ufefc"
