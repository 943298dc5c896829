"""`president bench e2e --json` run small, as an operator runs it (its own embedded
servers), with two engines and with a three-node NATS cluster: the closing note's
figures of issue 18 are there and consistent with each other. Functional only: no
figure is held to a speed (they are for the closing note, measured apart)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

PRESIDENT = [sys.executable, "-c", "from president_tools.cli import main; main()"]
SMALL = ["bench", "e2e", "--json", "--tables", "3", "--warmup", "1", "--duration", "3"]
SERVICES = {"relay-1", "table-1", "engine-1", "ai-worker-1", "ai-worker-2"}


def _bench(*flags: str) -> dict[str, Any]:
    # No configured servers: the bench starts its own, whose CPU it can count.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRESIDENT_")}
    done = subprocess.run(
        [*PRESIDENT, *SMALL, "--no-auditor", *flags],
        env=env,
        capture_output=True,
        text=True,
        timeout=150,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    report["stderr"] = done.stderr[-3000:]
    return report


@pytest.mark.timeout(180)
@pytest.mark.parametrize(
    ("flags", "processes", "servers"),
    [
        (("--engines", "2"), SERVICES | {"engine-2"}, {"postgres", "nats-server"}),
        (
            ("--nats-nodes", "3"),
            SERVICES,
            {"postgres", "nats-server-1", "nats-server-2", "nats-server-3"},
        ),
    ],
    ids=["two-engines", "three-nats-nodes"],
)
def test_the_bench_reports_the_closing_notes_figures(
    flags: tuple[str, ...], processes: set[str], servers: set[str]
) -> None:
    report = _bench(*flags)

    assert report["actions"] > 0
    assert report["start_failures"] == 0, (report["start_errors"], report.get("stderr"))
    assert set(report["cpu_s_by_process"]) == processes
    assert set(report["cpu_s_by_server"]) == servers
    assert all(seconds > 0 for seconds in report["cpu_s_by_server"].values())
    ratio = report["actions_per_s"] / report["pg_inserts_per_s"]
    assert report["ratio_to_pg_commits"] == pytest.approx(ratio, abs=2e-3)

    ms = report["cpu_ms_per_action"]
    assert set(ms) == processes | servers | {"services", "servers", "all"}
    assert ms["services"] == pytest.approx(sum(ms[name] for name in processes), abs=0.01)
    assert ms["servers"] == pytest.approx(sum(ms[name] for name in servers), abs=0.01)
    assert ms["all"] == pytest.approx(ms["services"] + ms["servers"], abs=0.01)
    expected = 1000 * report["cpu_s_by_process"]["engine-1"] / report["actions"]
    assert ms["engine-1"] == pytest.approx(expected, abs=0.01)

    # Every action of an all-AI table followed a prompt and a decision request.
    assert report["prompt_bytes_per_action"] > 100
    assert report["decision_request_bytes_per_action"] > 100
    assert report["prompt_bytes"] == pytest.approx(
        report["prompt_bytes_per_action"] * report["actions"], rel=1e-3
    )
    assert report["engines"] == (2 if "--engines" in flags else 1)
    assert report["nats_nodes"] == (3 if "--nats-nodes" in flags else 1)
    probe = report["cpu_probe_ms"]
    assert set(probe) == {"before", "after"} and all(ms > 0 for ms in probe.values())
