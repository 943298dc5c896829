"""``docs/route.md`` from the code: the stops of a game command's route as
:mod:`president_tools.command_trace` traces it, and the loop after the commit, each stop with
its file and what it decides (the first sentence of its function's docstring)."""

from __future__ import annotations

import ast
import asyncio
import functools
import importlib
import inspect
import re
from collections.abc import Sequence
from pathlib import Path
from types import CodeType

from president_tools.command_trace import Trace, Traced, game_command_traces

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "route.md"

LOOP: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "The reaction (the engine that committed, in process, after the reply)",
        "The commit is handed to a queue; the reactions' task runs a table's in commit order.",
        (
            "services.engine.use_cases:GameService._committed",
            "services.engine.reactor:Reactions._take",
            "services.engine.reactor:Reactions._queued",
            "services.engine.reactor:Reactions._run",
            "services.engine.reactor:Reactor.on_game",
        ),
    ),
    (
        "The prompt",
        "Derived from the cached fold, never stored; published to JetStream.",
        (
            "president.game.prompts:prompts_for",
            "president.game.prompts:decision_request",
            "services.engine.jetstream:JetStreamPrompts.publish",
        ),
    ),
    (
        "The AI worker (its own process, stateless)",
        "A work queue delivers the decision request to one worker.",
        (
            "services.ai_worker.consumer:WorkQueueConsumer._one",
            "services.ai_worker.worker:AIWorker.handle",
            "services.ai_worker.decide:decision",
            "services.ai_worker.decide:command_for",
            "services.ai_worker.game_client:NatsGameClient.submit",
        ),
    ),
)
"""The loop after the commit: each part with the stops it runs, as ``module:qualname``."""


def render(traced: Traced) -> str:
    """The page for ``traced`` (regenerate with ``president route --write``)."""
    accepted, refused = traced.accepted, traced.refused
    lines = [
        "# The route of a game command",
        "",
        "Generated from the code by `president route --write`; `tests/unit/test_route_page.py`",
        "fails when it no longer matches. A game command enters where production takes it:",
        "the engine's subscription callback (`CommandServer._received`), with the parts",
        "`services.engine.main:command_side` wires (group commit, the partitions the engine",
        "owns, its reactions queued: the next prompts and the turn clock's alarms are theirs),",
        "here over the in-memory store, on a warm game; it ends with the reply's publish.",
        "Consecutive calls in one file are one stop; what a stop decides is the first",
        "sentence of its first function's docstring.",
        "",
        "| Command | Calls | Files | Returns to another file |",
        "|---|---|---|---|",
        _figures(f"accepted `{traced.command}`", accepted),
        _figures("refused (a forged seat token)", refused),
        "",
        f"## An accepted `{traced.command}`",
        "",
        *_stops_table(accepted.codes),
        "",
        "## A refused one (a forged seat token)",
        "",
        *_stops_table(refused.codes),
        "",
        "## After the commit: the loop back to the next command",
        "",
        "The reply leaves as soon as the events are committed; the engine that committed",
        "reacts to them itself, and the prompt goes through JetStream to the next command.",
        "(The relay publishes the committed events for the pages, the auditor and the",
        "integrators, and the start requests the engines create games from; no reaction to a",
        "game's events waits for it.)",
        "",
    ]
    for part, how, stops in LOOP:
        lines += [f"### {part}", "", how, "", "| File | Function | What it decides |"]
        lines.append("|---|---|---|")
        for stop in stops:
            code = _code_of(stop)
            lines.append(f"| `{_path(code)}` | `{code.co_qualname}` | {_decides([code])} |")
        lines.append("")
    lines.append(
        "The worker's `submit` is a request on `president.cmd.game.<table_id>`: the route above."
    )
    return "\n".join(lines) + "\n"


def page() -> str:
    """The page as the code is now."""
    return render(asyncio.run(game_command_traces()))


def _figures(name: str, trace: Trace) -> str:
    return f"| {name} | {trace.calls} | {trace.files} | {trace.returns_to_another_file} |"


def _stops_table(codes: Sequence[CodeType]) -> list[str]:
    rows = ["| # | File | Functions | What it decides |", "|---|---|---|---|"]
    stops: list[list[CodeType]] = []
    for code in codes:
        if stops and stops[-1][0].co_filename == code.co_filename:
            stops[-1].append(code)
        else:
            stops.append([code])
    for number, stop in enumerate(stops, 1):
        names = ", ".join(dict.fromkeys(f"`{c.co_qualname}`" for c in stop))
        rows.append(f"| {number} | `{_path(stop[0])}` | {names} | {_decides(stop)} |")
    return rows


def _path(code: CodeType) -> str:
    return Path(code.co_filename).resolve().relative_to(ROOT).as_posix()


def _decides(stop: Sequence[CodeType]) -> str:
    """The first sentence of the first docstring among ``stop``'s functions ('—': none)."""
    for code in stop:
        text = _docstrings(code.co_filename).get((code.co_firstlineno, code.co_name))
        if text:
            paragraph = " ".join(text.split("\n\n", 1)[0].split())
            sentence = re.split(r"(?<=\.)\s(?=[A-Z`(])", paragraph, maxsplit=1)[0]
            return sentence.replace("|", "\\|")
    return "—"


@functools.cache
def _docstrings(file: str) -> dict[tuple[int, str], str]:
    """The docstring of each function of ``file`` by its code's first line and name."""
    found: dict[tuple[int, str], str] = {}
    for node in ast.walk(ast.parse(Path(file).read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found[(first, node.name)] = ast.get_docstring(node) or ""
    return found


def _code_of(stop: str) -> CodeType:
    """The code of ``module:qualname`` (raises when the code has no such function)."""
    module, _, qualname = stop.partition(":")
    found: object = importlib.import_module(module)
    for name in qualname.split("."):
        found = getattr(found, name)
    function = inspect.unwrap(found)  # type: ignore[arg-type]
    code: CodeType = function.__code__
    return code
