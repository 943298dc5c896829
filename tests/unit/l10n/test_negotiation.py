"""Which language a person gets: ``--locale``, else LANGUAGE, LC_ALL / LC_MESSAGES / LANG
(gettext's order), else en."""

from __future__ import annotations

import pytest
from president.l10n import negotiate
from president_tools.cli import app
from typer.testing import CliRunner

from tests.golden.l10n.renderings import BUNDLE

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("requested", "expected"),
    [
        ("he-IL", "he"),
        ("iw", "he"),  # the legacy code of Hebrew
        ("he_IL.UTF-8", "he"),
        ("hr-HR", "hr"),
        ("it-CH", "it"),
        ("ka-GE", "ka"),
        ("tr", "tr"),
        ("TR-tr", "tr"),
        ("en-GB", "en"),
        ("de-DE", "en"),  # unknown: the reference
        ("xx", "en"),
        ("not a tag!", "en"),
        ("de, tr;q=0.8, he;q=0.9", "he"),  # Accept-Language style: the best supported
        ("fr;q=0.9, ka;q=0.5", "ka"),
        ("en-XA", "en-XA"),
        ("ar-XB", "ar-XB"),
        ("en_XA", "en-XA"),
        ("he;q=0", "en"),  # q=0: not acceptable (RFC 9110), not the least preferred
        ("he;q=0, hr;q=0.1", "hr"),
        ("he;q=0.0, it", "it"),
    ],
)
def test_a_requested_tag_is_negotiated(requested: str, expected: str) -> None:
    assert negotiate(requested, {}) == expected


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "he_IL.UTF-8"}, "he"),
        ({"LC_MESSAGES": "ka_GE.UTF-8", "LANG": "he_IL.UTF-8"}, "ka"),
        ({"LC_ALL": "tr_TR.UTF-8", "LC_MESSAGES": "ka_GE", "LANG": "he_IL"}, "tr"),
        ({"LC_ALL": "", "LANG": "it_IT.UTF-8"}, "it"),  # an empty variable is not set
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "he", "LANG": "C.UTF-8"}, "he"),  # gettext honours it: C.UTF-8 is not C
        ({"LANGUAGE": "pt:ka:he", "LANG": "hr_HR.UTF-8"}, "ka"),  # the first one we have
        ({"LANGUAGE": "pt", "LANG": "hr_HR.UTF-8"}, "hr"),  # none we have: the locale
        ({"LANGUAGE": "tr", "LC_ALL": "he_IL.UTF-8"}, "tr"),  # before LC_ALL
        ({"LANGUAGE": "he", "LANG": "C"}, "en"),  # ignored under the C locale
        ({"LANGUAGE": "he"}, "en"),  # and with no locale at all (that is C)
    ],
)
def test_without_a_request_the_environment_decides(environ: dict[str, str], expected: str) -> None:
    assert negotiate(None, environ) == expected


def test_locale_beats_lang() -> None:
    assert negotiate("hr", {"LC_ALL": "he_IL.UTF-8", "LANG": "he_IL.UTF-8"}) == "hr"


def test_the_audit_command_speaks_the_locale_asked_over_the_environment() -> None:
    runner = CliRunner()
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "he_IL.UTF-8"}
    asked = runner.invoke(app, ["audit", "--file", str(BUNDLE), "--locale", "it"], env=env)
    from_env = runner.invoke(app, ["audit", "--file", str(BUNDLE), "--bidi", "logical"], env=env)
    assert asked.exit_code == 0 and "Verdetto: OK" in asked.stdout
    assert from_env.exit_code == 0 and "פסק דין: תקין" in from_env.stdout
