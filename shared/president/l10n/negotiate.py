"""Which catalogue a person gets: ``--locale``, else LANGUAGE, LC_ALL / LC_MESSAGES / LANG
(gettext's order), else ``en``."""

from __future__ import annotations

from collections.abc import Mapping

from babel import Locale, UnknownLocaleError

from president.l10n.catalog import LOCALES, PSEUDO_LOCALES

ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Read in POSIX order: the first one set (and not empty) is the environment's locale."""
PRIORITY = "LANGUAGE"
"""GNU gettext's list of languages (``he:en``): it comes first, unless the locale is ``C``."""


def negotiate(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The locale to use: one of LOCALES or PSEUDO_LOCALES.

    ``requested`` (``--locale``) is a BCP 47 tag or an Accept-Language-style list
    (``he-IL, en;q=0.5``); when it is given, only it counts (an unknown tag gets ``en``).
    Otherwise the environment decides as gettext does: ``LANGUAGE`` (``he:en``) first,
    unless the POSIX locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``he_IL.UTF-8``) is
    exactly ``C``/``POSIX`` or unset; then that locale. A tag with ``q=0`` is never chosen.
    """
    if requested is None or not requested.strip():
        env = environ if environ is not None else {}
        posix = next((env[name] for name in ENVIRONMENT if env.get(name)), "")
        listed = env.get(PRIORITY, "").replace(":", ",")
        honoured = posix not in ("", "C", "POSIX")  # gettext: C.UTF-8 is not C
        requested = f"{listed},{posix}" if listed and honoured else posix
    for tag in _ranked(requested):
        found = _supported(tag)
        if found is not None:
            return found
    return "en"


def _ranked(header: str) -> list[str]:
    """The tags of an Accept-Language-style list, highest ``q`` first (ties keep their
    order); ``q=0`` means "not acceptable" (RFC 9110 12.4.2) and leaves the tag out."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
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
