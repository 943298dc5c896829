"""``bench compare``: each side's tree, exported whole, and the figures a report is summed
up by."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import typer
from president_tools.cli import app, bench_compare
from president_tools.cli.bench_compare import CHECKOUT, FIGURES, summary
from president_tools.loadtest.figures import cpu_probe_ms
from typer.testing import CliRunner

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


def test_a_report_is_summed_up_with_the_slower_cpu_probe() -> None:
    probed = REPORT | {"cpu_probe_ms": {"before": 55.0, "after": 81.5}}
    assert summary(probed)["cpu_probe_ms"] == 81.5
    assert summary(REPORT)["cpu_probe_ms"] is None  # a revision before the probe


def test_the_cpu_probe_times_a_fixed_loop_fastest_of_its_runs() -> None:
    small, large = cpu_probe_ms(repeats=3, loops=20_000), cpu_probe_ms(repeats=3, loops=200_000)
    assert 0 < small < large


def test_scale_alternates_the_engine_counts_and_compares_each_with_the_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rates = iter([900.0, 880.0, 1000.0, 930.0, 800.0, None])
    calls: list[list[str]] = []

    def bench(tree: Path, options: list[str]) -> dict[str, Any] | None:
        calls.append(options)
        rate = next(rates)
        return None if rate is None else REPORT | {"actions_per_s": rate}

    monkeypatch.setattr(bench_compare, "_bench", bench)
    args = ["bench", "scale", "--pairs", "3", "--no-auditor", "--json"]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    assert [c[:2] for c in calls] == [["--engines", "1"], ["--engines", "2"]] * 3
    assert all(c[2:] == ["--no-auditor"] for c in calls)
    out = json.loads(done.output.strip().splitlines()[-1])
    assert [r["side"] for r in out["runs"]] == ["1e", "2e"] * 3 and out["runs"][-1]["failed"]
    assert out["medians"]["1e"]["actions_per_s"] == 900.0
    assert out["medians"]["2e"]["actions_per_s"] == 905.0
    assert out["medians"] == {"1e": out["medians"]["1e"], "2e": out["medians"]["2e"]}
    assert out["ratio"] == {"2e": 1.006}
    assert out["rounds"] == {"2e": [0.978, 0.93]}  # the third round's 2e failed


def test_scale_refuses_counts_that_are_not_engines() -> None:
    for bad in ("0,1", "one,two", ""):
        done = CliRunner().invoke(app, ["bench", "scale", "--engines", bad])
        assert done.exit_code == 2 and "--engines" in done.output
