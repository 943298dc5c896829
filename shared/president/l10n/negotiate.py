"""Which catalogue a person gets: ``--locale``, else LC_ALL / LC_MESSAGES / LANG, else ``en``."""

from __future__ import annotations

from collections.abc import Mapping

from babel import Locale, UnknownLocaleError

from president.l10n.catalog import LOCALES, PSEUDO_LOCALES

ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Read in POSIX order: the first one set (and not empty) is the environment's locale."""


def negotiate(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The locale to use: one of LOCALES or PSEUDO_LOCALES.

    ``requested`` (``--locale``) is a BCP 47 tag or an Accept-Language-style list
    (``he-IL, en;q=0.5``); when it is given, only it counts (an unknown tag gets ``en``).
    Otherwise the environment's POSIX locale (``he_IL.UTF-8``) is negotiated the same way.
    """
    if requested is None or not requested.strip():
        env = environ if environ is not None else {}
        requested = next((env[name] for name in ENVIRONMENT if env.get(name)), "")
    for tag in _ranked(requested):
        found = _supported(tag)
        if found is not None:
            return found
    return "en"


def _ranked(header: str) -> list[str]:
    """The tags of an Accept-Language-style list, highest ``q`` first (ties keep their order)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag:
            weighted.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(weighted)]


def _supported(tag: str) -> str | None:
    posix = tag.split(".")[0].split("@")[0]  # he_IL.UTF-8@euro -> he_IL
    for pseudo in PSEUDO_LOCALES:
        if posix.replace("_", "-").lower() == pseudo.lower():
            return pseudo
    if posix in ("C", "POSIX", "*"):
        return None
    try:
        language = Locale.parse(posix.replace("-", "_")).language  # iw -> he (CLDR aliases)
    except (UnknownLocaleError, ValueError, TypeError):
        return None
    return language if language in LOCALES else None
