"""Every `president ...` command line the README shows exists, with the options it uses."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from president_tools.cli import app
from typer.testing import CliRunner

README = Path(__file__).resolve().parents[2] / "README.md"


def _shown_command_lines() -> list[str]:
    """``president`` invocations inside the README's shell blocks (comments, pipes,
    ``&&``, ``&`` and ``$(...)`` taken apart)."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    found: list[str] = []
    for block in blocks:
        for line in block.splitlines():
            code = line.split(" #", 1)[0]
            for part in re.split(r"\|\||&&|\||\$\(|\)|;|&", code):
                words = part.strip().strip('"')
                if words.startswith("president "):
                    found.append(words)
    return found


def test_the_readme_shows_the_main_commands() -> None:
    shown = " ".join(_shown_command_lines())
    for command in ("demo", "referee", "audit", "play", "serve engine", "infra up"):
        assert f"president {command}" in shown


@pytest.mark.parametrize("line", _shown_command_lines())
def test_a_command_line_from_the_readme_is_accepted(line: str) -> None:
    args = shlex.split(line)[1:]
    # --help is eager: click stops there, after checking every option before it.
    result = CliRunner().invoke(app, [*args, "--help"])
    assert result.exit_code == 0, result.output
