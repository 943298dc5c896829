"""Figures of the code's structure, one JSON object (``python -m president_tools.structure
[ROOT] [--route] [--cpu N]``): the largest module and function, import circles, the readers
of service events, upward imports and a game command's path (``command_trace``)."""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

FOLDERS = {
    "president": "shared/president",
    "president_tools": "shared/tools/president_tools",
    "services": "services",
}
TOOLING = (
    "president_tools",
    # where the tooling lived before the restructuring
    "president.cli",
    "president.infra",
    "president.demo",
    "president.loadtest",
    "president.runtime.stack",
    "president.runtime.process",
    "president.runtime.settings",
    "president.store.bench",
    "president.audit.sample",
)
GAME_SERVICE_EVENT_MARKERS = ('"DealCommitted"', "DealCommitted.model_validate")


def modules_of(root: Path) -> dict[str, Path]:
    """Module name -> file, for the project's packages (migrations left out)."""
    found: dict[str, Path] = {}
    for package, folder in FOLDERS.items():
        base = root / folder
        for path in sorted(base.rglob("*.py")) if base.is_dir() else []:
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def imports_of(name: str, tree: ast.AST, modules: dict[str, Path]) -> set[str]:
    """The project modules that ``name`` imports, anywhere in its code."""
    package = name if modules[name].name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                found.add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    result: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group: list[str] = []
            while not group or group[-1] != node:
                group.append(stack.pop())
            if len(group) > 1:
                result.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in graph:
        if node not in index:
            visit(node)
    return result


def is_tooling(name: str) -> bool:
    """Whether module ``name`` is (or is inside) one of ``TOOLING``: whole dotted names,
    so the library's ``president.client`` is not the old ``president.cli``."""
    return any(name == tool or name.startswith(f"{tool}.") for tool in TOOLING)


def figures(root: Path) -> dict[str, object]:
    """The structure figures of the checkout at ``root``."""
    modules = modules_of(root)
    sources = {name: path.read_text() for name, path in modules.items()}
    trees = {name: ast.parse(text) for name, text in sources.items()}
    graph = {name: imports_of(name, trees[name], modules) for name in modules}
    largest = max(modules, key=lambda name: len(sources[name].splitlines()))
    function, function_lines = "", 0
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > function_lines:
                    function, function_lines = f"{name}.{node.name}", lines
    library = [n for n in modules if n.startswith("president.") and not is_tooling(n)]
    return {
        "modules": len(modules),
        "largest_module": {"module": largest, "lines": len(sources[largest].splitlines())},
        "largest_function": {"function": function, "lines": function_lines},
        "import_circles": circles(graph),
        "modules_reading_game_service_events": sorted(
            n
            for n in modules
            if n != "president_tools.structure"
            and any(m in sources[n] for m in GAME_SERVICE_EVENT_MARKERS)
        ),
        "library_imports_of_tooling_or_services": sorted(
            f"{n} -> {t}"
            for n in library
            for t in graph[n]
            if is_tooling(t) or t.startswith("services")
        ),
        "services_imports_of_tooling": sorted(
            f"{n} -> {t}"
            for n in modules
            if n.startswith("services")
            for t in graph[n]
            if is_tooling(t)
        ),
    }


def main() -> None:
    from president_tools.command_trace import add_arguments, command_figures

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("root", nargs="?", type=Path, default=Path.cwd(), metavar="ROOT")
    add_arguments(parser)
    options = parser.parse_args()
    # the trace runs the installed code, the other figures read the checkout at ROOT
    trace = command_figures(route=options.route, cpu=options.cpu)
    print(json.dumps({**figures(options.root), "command_trace": trace}, indent=2))


if __name__ == "__main__":
    main()
