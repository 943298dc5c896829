"""The Localizer: every word a person reads, from the negotiated locale's catalogue."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

from president.l10n.catalog import PSEUDO_LOCALES, RTL_LOCALES, source

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
ISOLATES = dict.fromkeys(map(ord, "\u2068\u2069"))
_RTL_MARKS = frozenset("\u202b\u202e\u2067\u2066")
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"


def _has_rtl(text: str) -> bool:
    return any(
        c in _RTL_MARKS or "\u0590" <= c <= "\u08ff" or "\ufb1d" <= c <= "\ufefc" for c in text
    )


class Localizer:
    """One locale's words. Fluent's isolation is on: in a right-to-left locale, or in a line
    that holds right-to-left text, each placeable stays an isolated run; a line of
    left-to-right text only loses the (then inert) marks."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.direction = "rtl" if locale in RTL_LOCALES else "ltr"
        # Pseudo-locales are English underneath: English plural rules and numbers.
        language = "en" if locale in PSEUDO_LOCALES else locale
        self._bundle = FluentBundle([language], use_isolating=True)
        self._bundle.add_resource(FluentResource(source(locale)))

    @property
    def rtl(self) -> bool:
        return self.direction == "rtl"

    @property
    def html_lang(self) -> str:
        """The ``lang`` of an HTML page (a pseudo-locale is its BCP 47 tag as it is)."""
        return self.locale

    def has(self, key: str) -> bool:
        return self._bundle.has_message(key)

    def text(self, key: str, **args: Any) -> str:
        """Message ``key`` with ``args`` (numbers stay numbers: plurals and grouping follow
        the locale). Raises LookupError for a missing key, ValueError for a bad argument."""
        message = self._bundle.get_message(key)
        if message.value is None:
            raise LookupError(key)
        text, errors = self._bundle.format_pattern(message.value, args)
        if errors:
            raise ValueError(f"{self.locale} {key}: {errors[0]}")
        return self._tidy(str(text))

    def _tidy(self, text: str) -> str:
        """The isolation marks matter in a right-to-left locale, or around right-to-left
        text; in a line of left-to-right text only they change nothing and are dropped."""
        return text if self.rtl or _has_rtl(text) else text.translate(ISOLATES)

    def name(self, name: str) -> str:
        """A user-given name, isolated when it holds right-to-left text (``דוד`` in a
        Croatian line keeps the numbers around it where they are)."""
        return f"{FSI}{name}{PDI}" if _has_rtl(name) else name

    def title(self, title_id: str) -> str:
        """A title id (``vice_asshole``) as the locale's sheet names it; unknown ids as they are."""
        key = f"title-{title_id}"
        return self.text(key) if self.has(key) else title_id

    def rank(self, rank: str) -> str:
        return self.text(f"rank-{rank}")

    def card(self, card: str) -> str:
        """``JD`` as ``J♦`` (``V♦`` on the sheets); a string that names no card as it is."""
        suit = SUIT_SYMBOLS.get(card[-1:])
        if suit is None or not self.has(f"rank-{card[:-1]}"):
            return card
        return self.rank(card[:-1]) + suit

    def cards(self, cards: Iterable[str]) -> str:
        """Cards as one left-to-right isolated run (``10♥ 9♥`` keeps its order in Hebrew)."""
        run = " ".join(self.card(card) for card in cards)
        return f"{LRI}{run}{PDI}" if self.rtl else run

    def join(self, items: Iterable[str], separator: str = ", ") -> str:
        """A list (scores, seats, moves) in the locale's direction: in a right-to-left
        locale one right-to-left isolated run, the first item rightmost."""
        run = separator.join(items)
        return f"{RLI}{run}{PDI}" if self.rtl else run

    def ai_level(self, level: str) -> str:
        """An AI level id as the locale's sheet names it; an unknown id as it is."""
        return self.text(f"ai-{level}") if self.has(f"ai-{level}") else level

    def ai_level_description(self, level: str) -> str:
        return self.text(f"ai-{level}-desc") if self.has(f"ai-{level}-desc") else level

    def rejection(self, code: str, params: Mapping[str, Any] | None = None) -> str:
        """A ``Rejected`` reply for a person, from its code and ``params`` (never ``detail``).

        With params, the message's attribute ``with-<names>`` (the params' names, sorted,
        joined by ``-``) is used when the catalogue has it; else the message itself.
        """
        key = f"reject-{code}"
        if not self.has(key):
            return self.text("reject-generic", code=code)
        args = {name: self._arg(name, value) for name, value in (params or {}).items()}
        message = self._bundle.get_message(key)
        pattern = message.attributes.get("with-" + "-".join(sorted(args))) if args else None
        if pattern is not None:
            text, errors = self._bundle.format_pattern(pattern, args)
            if not errors:
                return self._tidy(str(text))
        return self.text(key)

    def event(self, event_type: str, **args: Any) -> str:
        """The line of one event (``event-<Type>``)."""
        return self.text(f"event-{event_type}", **args)

    def markup(self, key: str, **args: Any) -> str:
        """Message ``key`` as HTML: its text escaped; ``Html`` arguments inserted as they are."""
        fragments: dict[str, str] = {}
        plain: dict[str, Any] = {}
        for name, value in args.items():
            if isinstance(value, Html):
                token = f"\x00{len(fragments)}\x00"
                fragments[token] = str(value)
                plain[name] = token
            else:
                plain[name] = value
        text = escape(self.text(key, **plain), quote=False)
        for token, fragment in fragments.items():
            text = text.replace(token, fragment)
        return text

    def _arg(self, name: str, value: Any) -> Any:
        """A param as a message shows it: a list is cards, a card or rank localized,
        a bool ``yes``/``no``; numbers and names as they are."""
        if name == "rank" and isinstance(value, str) and self.has(f"rank-{value}"):
            return self.rank(value)
        if name == "card" and isinstance(value, str):
            return self.card(value)
        if isinstance(value, list | tuple):
            return self.cards(str(card) for card in value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return value


class Html(str):
    """An HTML fragment given to ``Localizer.markup`` (inserted unescaped)."""

    __slots__ = ()


@functools.cache
def localizer(locale: str = "en") -> Localizer:
    """The Localizer of ``locale`` (one of LOCALES or PSEUDO_LOCALES), built once."""
    return Localizer(locale)
