"""What a person reads, in the rules sheets' six languages: Fluent catalogues and a Localizer.

Presentation only: the rules, game, contract and services never import it.
"""

from __future__ import annotations

from president.l10n.bidi import BidiMode, for_terminal
from president.l10n.catalog import LOCALES, PSEUDO_LOCALES, RTL_PSEUDO
from president.l10n.localizer import Localizer, localizer
from president.l10n.negotiate import negotiate

__all__ = [
    "LOCALES",
    "PSEUDO_LOCALES",
    "RTL_PSEUDO",
    "BidiMode",
    "Localizer",
    "for_terminal",
    "localizer",
    "negotiate",
]
