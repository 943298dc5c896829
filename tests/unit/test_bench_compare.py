"""``bench compare``: each side's tree, exported whole, and the figures a report is summed
up by."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import typer
from president_tools.cli import bench_compare
from president_tools.cli.bench_compare import CHECKOUT, FIGURES, summary

pytestmark = pytest.mark.unit

REPORT = {
    "actions_per_s": 1000.0,
    "rtt_p50_ms": 9.5,
    "rtt_p99_ms": 25.0,
    "ratio_to_pg_commits": 0.2,
    "cpu_ms_per_action": {
        "relay-1": 0.13,
        "table-1": 0.07,
        "engine-1": 0.3,
        "engine-2": 0.2,
        "ai-worker-1": 0.11,
        "ai-worker-2": 0.1,
        "postgres": 0.2,
        "nats-server": 0.25,
        "services": 0.91,
        "servers": 0.45,
        "all": 1.36,
    },
    "prompt_bytes_per_action": 1357.2,
}


def test_a_report_is_summed_up_with_the_engines_and_the_ai_workers_together() -> None:
    figures = summary(REPORT)
    assert tuple(figures) == FIGURES
    assert figures["engines_ms"] == 0.5 and figures["ai_workers_ms"] == 0.21
    assert figures["relay_ms"] == 0.13 and figures["table_ms"] == 0.07
    assert (figures["services_ms"], figures["servers_ms"], figures["all_ms"]) == (0.91, 0.45, 1.36)


def test_the_revision_is_exported_whole_beside_the_checkout(tmp_path: Path) -> None:
    tree = bench_compare._export("HEAD", tmp_path)
    tracked = subprocess.run(
        ["git", "-C", str(CHECKOUT), "ls-tree", "-r", "--name-only", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert tracked and all((tree / name).exists() for name in tracked)
    assert tree != CHECKOUT and (tree / "services" / "__main__.py").is_file()


def test_an_unknown_revision_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(typer.BadParameter, match="no-such-revision"):
        bench_compare._export("no-such-revision", tmp_path)


def test_a_failed_run_is_said_and_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench_compare._bench(tmp_path, ["--no-such-option"]) is None
    assert "bench e2e failed" in capsys.readouterr().err
    runs = [{"failed": True}, summary(REPORT), summary(REPORT | {"actions_per_s": 3000.0})]
    medians = bench_compare._medians([r for r in runs if not r.get("failed")])
    assert medians["actions_per_s"] == 2000.0 and medians["engines_ms"] == 0.5
