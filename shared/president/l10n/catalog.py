"""The catalogues: one ``president.ftl`` per language, and the pseudo-locales made from ``en``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib import resources

from fluent.syntax import FluentParser, FluentSerializer, ast
from fluent.syntax.visitor import Visitor

LOCALES = ("en", "hr", "it", "ka", "tr", "he")
"""The reference language first, then the sheets' five."""

ACCENTED_PSEUDO = "en-XA"
RTL_PSEUDO = "ar-XB"
PSEUDO_LOCALES = (ACCENTED_PSEUDO, RTL_PSEUDO)
"""``en-XA``: every letter accented and a third longer, in brackets; ``ar-XB``: every text
run forced right to left (RLO ... PDF), laid out as a right-to-left language."""

RTL_LOCALES = frozenset({"he", RTL_PSEUDO})

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥíĵķĺɱñöþǫŕšţüṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


def source(locale: str) -> str:
    """The Fluent source of ``locale`` (one of LOCALES or PSEUDO_LOCALES)."""
    if locale in PSEUDO_LOCALES:
        return _pseudo_source(locale)
    path = resources.files("president.l10n") / "locales" / locale / "president.ftl"
    return path.read_text(encoding="utf-8")


def accented(text: str) -> str:
    """``en-XA``'s form of one run of text: accented, and longer by a third (``~`` padding)."""
    if not text.strip():
        return text
    return text.translate(_ACCENTS) + "~" * max(1, len(text) // 3)


def right_to_left(text: str) -> str:
    """``ar-XB``'s form of one run of text: forced right to left."""
    return f"\u202e{text}\u202c" if text.strip() else text


@functools.cache
def _pseudo_source(locale: str) -> str:
    change = accented if locale == ACCENTED_PSEUDO else right_to_left
    resource = FluentParser(with_spans=False).parse(source("en"))
    _Pseudo(change).visit(resource)
    return str(FluentSerializer().serialize(resource))


class _Pseudo(Visitor):
    """Changes every literal text run of a resource in place (placeables stay as they are)."""

    def __init__(self, change: Callable[[str], str]) -> None:
        self.change = change

    def visit_TextElement(self, node: ast.TextElement) -> None:
        node.value = self.change(node.value)
