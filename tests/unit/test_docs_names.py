"""What the manual (docs/ and the README) names in code font exists: every module
(``president.store``, ``services/relay/main.py``), class, class member (``Rejected.of``: a
class the code defines, with that member), ``president`` command with the flags that command
takes, ``president-service`` role and ``PRESIDENT_*`` setting (a field of a settings model,
or a name the services and the deployments spell: a stream, an account, a role's password).
The past may be named where it is marked as such: a decision note that says at its top that
it is wholly superseded (and its appendix), or a name struck through (``~~`x`~~``: gone, and
the page says so). A note superseded in part, and the decisions index, are checked like any
page."""

from __future__ import annotations

import asyncio
import builtins
import importlib
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from services.__main__ import ROLES
from tests.unit.test_manual_pages import _leaf_commands, _variables

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
SOURCES = ("shared", "services", "tests", "deploy", "k8s")
RUNNING = ("shared", "services", "deploy", "k8s")
"""Where a ``PRESIDENT_*`` name that is no setting may come from (not the tests)."""
TEXT = {".py", ".yaml", ".yml", ".json", ".toml", ".conf", ".cfg", ".example", ".ini"}
LIBRARIES = ("nats", "faststream")
"""Whose classes the manual may name beside ours (and the standard library's)."""
OUTSIDE = {"AckAll", "ClientInfoHdr", "HttpOnly"}
"""Words of JetStream, nats-server and HTTP that no Python source spells."""

_CODE = re.compile(r"(?<!~~)`([^`\n]+)`")
_SUPERSEDED = re.compile(r"^> \*\*superseded\*\* by", re.I | re.M)
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_MODULE = re.compile(r"(?:president|president_tools|services)(?:\.\w+)+(?::\w+)?")
_PATH = re.compile(r"(?:shared|services|tests|deploy|docs)/[\w./-]*\w(?::[\w.]+)?")
_LIBRARY_PATH = re.compile(r"(?:president|president_tools)/[\w/]*\w\.py")
"""A module's file named from its package's root (``president/bus/acks.py``)."""
_SETTING = re.compile(r"PRESIDENT_[A-Z0-9_]*[A-Z0-9]")
_COMMAND = re.compile(r"president(?: [a-z][a-z-]*)+")
_ROLE = re.compile(r"president-service ([a-z][a-z-]*)")
_FLAG = re.compile(r"--[a-z][a-z0-9-]*")
_CLASS = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+")
_CLASS_DEF = re.compile(r"^\s*class (\w+)", re.M)
_MEMBER = re.compile(r"([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*)\.(\w+)(?:\(.*)?")


def _spans() -> Iterator[tuple[str, str]]:
    """Each inline code span of the manual, with its page."""
    for page in PAGES:
        text = _FENCE.sub("", page.read_text(encoding="utf-8"))
        if _superseded(page):
            continue
        for span in _CODE.findall(text):
            yield str(page.relative_to(ROOT)), span


def _superseded(page: Path) -> bool:
    """A note wholly superseded, or the appendix of one (``<note>-figures.md``)."""
    note = page.with_name(page.name.replace("-figures.md", ".md"))
    top = note.read_text(encoding="utf-8").splitlines()[:8] if note.exists() else []
    return _SUPERSEDED.search("\n".join(top)) is not None


def _resolves(dotted: str) -> bool:
    """``a.b.c`` (or ``a.b:c``) is a module, or an attribute reached from one."""
    words = dotted.replace(":", ".").split(".")
    for cut in range(len(words), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(words[:cut]))
        except ImportError:
            continue
        for word in words[cut:]:
            if word in getattr(found, "__annotations__", {}):  # a dataclass's field
                return True
            if not hasattr(found, word):
                return False
            found = getattr(found, word)
        return True
    return False


def _path_exists(path: str) -> bool:
    """The file exists (or is one a command makes: ignored by git, or from its ``.example``)."""
    file, _, inside = path.partition(":")
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    if file.rstrip("/") in {i.rstrip("/") for i in ignored}:
        return True
    if not (ROOT / file).exists():
        return False
    name = inside.rsplit(".", 1)[-1]
    if not name:
        return True
    return re.search(rf"\b(?:def|class) {name}\b", (ROOT / file).read_text()) is not None


def _in_library(path: str) -> str:
    """``president/x.py`` as the repository names it, ``shared/president/x.py`` (the
    tooling's under ``shared/tools``); any other path as it is."""
    if not _LIBRARY_PATH.fullmatch(path):
        return path
    return f"shared/tools/{path}" if path.startswith("president_tools/") else f"shared/{path}"


def _classes() -> set[str]:
    """Every class the project's code, the libraries we name and the standard library's
    ``asyncio``, ``builtins`` and ``typing`` define."""
    names = {n for module in (asyncio, builtins, typing) for n in dir(module) if n[:1].isupper()}
    files = [f for folder in SOURCES for f in (ROOT / folder).rglob("*.py")]
    for library in LIBRARIES:
        files += Path(importlib.import_module(library).__file__ or "").parent.rglob("*.py")
    for file in files:
        names.update(_CLASS_DEF.findall(file.read_text(encoding="utf-8", errors="replace")))
    return names


def _source_names() -> set[str]:
    """Every word of the project's code and configuration, of the libraries' classes we
    name, and the standard library's."""
    names = set(dir(builtins)) | set(dir(typing)) | OUTSIDE
    files = [f for folder in SOURCES for f in (ROOT / folder).rglob("*") if f.suffix in TEXT]
    for library in LIBRARIES:
        files += Path(importlib.import_module(library).__file__ or "").parent.rglob("*.py")
    for file in files:
        names.update(re.findall(r"\w+", file.read_text(encoding="utf-8", errors="replace")))
    return names


def _flags() -> dict[str, set[str]]:
    """The options of each ``president`` command and command group, by its words
    (``"president bench e2e"``)."""
    from president_tools.cli import app
    from typer.main import get_command

    flags: dict[str, set[str]] = {}

    def walk(command: Any, words: str) -> None:
        options = [o for p in getattr(command, "params", []) for o in [*p.opts, *p.secondary_opts]]
        flags[words] = {o for o in options if o[:2] == "--"} | {"--help"}
        for name, child in (getattr(command, "commands", None) or {}).items():
            walk(child, f"{words} {name}")

    walk(get_command(app), "president")
    return flags


def _setting_names() -> set[str]:
    """The ``PRESIDENT_*`` names the services and the deployments spell."""
    files = [f for folder in RUNNING for f in (ROOT / folder).rglob("*") if f.suffix in TEXT]
    return {n for f in files for n in _SETTING.findall(f.read_text(errors="replace"))}


def _flag_findings(page: str, span: str, flags: dict[str, set[str]]) -> Iterator[str]:
    """A ``president ...`` span's flags that its command does not take."""
    words = span.split(" --", 1)[0].split()
    while words and " ".join(words) not in flags:
        words.pop()
    command = " ".join(words)
    for flag in _FLAG.findall(span):
        if command and flag not in flags[command] and f" {flag}" in f" {span}":
            yield f"{page}: no flag {flag} of {command} ({span})"


def findings() -> list[str]:
    """What the manual names in code font and the code does not have."""
    variables, flags, names, classes = _variables(), _flags(), _source_names(), _classes()
    settings, roles = set(variables) | _setting_names(), set(ROLES)
    commands = {" ".join(["president", *words]) for words in _leaf_commands()}
    prefixes = {" ".join(c.split()[:n]) for c in commands for n in range(2, len(c.split()) + 1)}
    found: list[str] = []
    for page, span in _spans():
        for word in span.split():
            word = word.strip(".,;()[]'\"")
            if _MODULE.fullmatch(word) and not _resolves(word):
                found.append(f"{page}: no module or name {word}")
            elif (
                _PATH.fullmatch(path := _in_library(word))
                and "*" not in word
                and not (_path_exists(path))
            ):
                found.append(f"{page}: no file {word}")
            elif _SETTING.fullmatch(word) and word not in settings:
                found.append(f"{page}: no setting {word}")
            elif _CLASS.fullmatch(word) and word not in names:
                found.append(f"{page}: no class {word}")
            elif (member := _MEMBER.fullmatch(word)) and not (
                member.group(1) in classes and member.group(2) in names
            ):
                found.append(f"{page}: no class member {member.group(0)}")
        command = _COMMAND.match(span)
        if command and not _command_exists(command.group(0), prefixes):
            found.append(f"{page}: no command {command.group(0)}")
        elif command:
            found.extend(_flag_findings(page, span, flags))
        role = _ROLE.match(span)
        if role and role.group(1) not in roles:
            found.append(f"{page}: no role {role.group(1)} of president-service")
    return found


def _command_exists(words: str, prefixes: set[str]) -> bool:
    """``president a b c`` exists when its longest prefix that is a command group or command
    is followed only by arguments (lower-case words the command takes)."""
    return words == "president" or any(
        words == p or words.startswith(p + " ") for p in prefixes if p.count(" ") >= 1
    )


def test_what_the_manual_names_in_code_font_exists() -> None:
    found = findings()
    assert not found, f"{len(found)} names the code does not have:\n" + "\n".join(found)
