"""Text for a terminal in visual order (UAX #9) unless the terminal reorders: python-bidi
(0.5 on) resolves the levels; the line is reordered and mirrored here, since python-bidi
does not mirror (rule L4: ``(Ana)`` in a Hebrew line came out as ``)Ana(``)."""

from __future__ import annotations

import re
from enum import StrEnum
from unicodedata import bidirectional

from bidi import get_display
from bidi.mirror import MIRRORED

BIDI_CONTROLS = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u202e"))
_TRAILING = frozenset({"WS", "FSI", "LRI", "RLI", "PDI", "BN", "LRE", "RLE", "LRO", "RLO", "PDF"})
"""Bidi classes that L1 puts at the paragraph's level at the end of a line (with X9's)."""
_LEVELS = re.compile(r"\n    levels: \[\n(.*?)\n    \],", re.S)


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
    return visual(line, rtl=rtl).translate(BIDI_CONTROLS)


def visual(line: str, *, rtl: bool) -> str:
    """One line in display order: UAX #9's levels (python-bidi), then L1 (trailing white
    space and isolates at the paragraph's level), L4 (a mirrored character at an odd level
    shows its mirror image: ``(`` as ``)``) and L2 (each run at or above a level, from the
    highest to the lowest odd one, reversed)."""
    paragraph = 1 if rtl else 0
    found = levels(line, "R" if rtl else "L")
    for at in range(len(line) - 1, -1, -1):  # L1, at the end of the line
        if bidirectional(line[at]) not in _TRAILING:
            break
        found[at] = paragraph
    for at, char in enumerate(line):  # L1, a tab and the white space before it
        if bidirectional(char) == "S":
            found[at] = paragraph
            back = at - 1
            while back >= 0 and bidirectional(line[back]) in _TRAILING:
                found[back] = paragraph
                back -= 1
    chars = [MIRRORED.get(c, c) if level % 2 else c for c, level in zip(line, found, strict=True)]
    odd = [level for level in found if level % 2]
    for level in range(max(found, default=0), min(odd, default=1) - 1, -1):
        at = 0
        while at < len(chars):
            if found[at] < level:
                at += 1
                continue
            end = at
            while end < len(chars) and found[end] >= level:
                end += 1
            chars[at:end] = chars[at:end][::-1]
            found[at:end] = found[at:end][::-1]
            at = end
    return "".join(chars)


def levels(line: str, base: str) -> list[int]:
    """The resolved embedding level of each character of one line (base ``L`` or ``R``),
    read from python-bidi's debug output (one level per UTF-8 byte)."""
    found = _LEVELS.search(str(get_display(line, base_dir=base, debug=True)))
    per_byte = [int(n) for n in re.findall(r"Level\(\s*(\d+)", found.group(1))] if found else []
    if len(per_byte) != len(line.encode()):
        raise RuntimeError("python-bidi's debug output changed: no level per byte")
    at, result = 0, []
    for char in line:
        result.append(per_byte[at])
        at += len(char.encode())
    return result


def _strong_rtl(char: str) -> bool:
    return "\u0590" <= char <= "\u08ff" or "\ufb1d" <= char <= "\ufefc"
