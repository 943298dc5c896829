"""Every `president ...` command line the README and the manual (docs/) show exists, with
the options it uses."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from president_tools.cli import app
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
COMMANDS_PAGE = ROOT / "docs" / "commands.md"


def _shown_command_lines(pages: list[Path]) -> list[str]:
    """``president`` invocations inside the pages' shell blocks (comments, pipes,
    ``&&``, ``&`` and ``$(...)`` taken apart)."""
    found: list[str] = []
    for page in pages:
        blocks = re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
        for block in blocks:
            for line in block.splitlines():
                code = line.split(" #", 1)[0]
                for part in re.split(r"\|\||&&|\||\$\(|\)|;|&", code):
                    words = part.strip().strip('"')
                    if words.startswith("president "):
                        found.append(words)
    return found


def test_the_commands_page_shows_the_main_commands() -> None:
    shown = " ".join(_shown_command_lines([COMMANDS_PAGE]))
    for command in ("demo", "referee", "audit", "play", "serve engine", "infra up"):
        assert f"president {command}" in shown


@pytest.mark.parametrize("line", _shown_command_lines(PAGES))
def test_a_command_line_from_the_docs_is_accepted(line: str) -> None:
    args = shlex.split(line)[1:]
    # --help is eager: click stops there, after checking every option before it.
    result = CliRunner().invoke(app, [*args, "--help"])
    assert result.exit_code == 0, result.output
