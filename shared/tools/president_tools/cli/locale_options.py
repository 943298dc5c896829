"""``--locale`` and ``--bidi``: the language a command speaks and how its lines reach a terminal."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Annotated

import typer
from president.l10n import BidiMode, Localizer, for_terminal, localizer, negotiate

LocaleOption = Annotated[
    str | None,
    typer.Option(
        "--locale",
        help="Language of what is shown: a BCP 47 tag or list (he-IL, hr;q=0.8); "
        "default LC_ALL, LC_MESSAGES, LANG, then en. en, hr, it, ka, tr, he; "
        "pseudo-locales en-XA (accented) and ar-XB (right to left).",
    ),
]
BidiOption = Annotated[
    BidiMode,
    typer.Option(
        "--bidi",
        help="visual: print right-to-left lines reordered (python-bidi), for terminals "
        "that do not reorder; logical: as stored, for terminals that do.",
    ),
]


def chosen(locale: str | None) -> Localizer:
    """The Localizer ``--locale`` (else the environment) negotiates."""
    return localizer(negotiate(locale, os.environ))


def terminal_lines(l10n: Localizer, bidi: BidiMode) -> Callable[[str], str]:
    """What turns a line of ``l10n``'s text into what the terminal is sent."""
    return lambda line: for_terminal(line, bidi, rtl=l10n.rtl)
