"""``make test-stress``: the suite (or one tier) run N times in a row, the last LOAD of them
with a busy loop on every core beside it; every failure, with its test id and the first
lines of its log, goes into one report. Exits 1 when any test failed in any run.

    python -m tests.support.stress --runs 5 --load 2 --report stress-report.md -- make test
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

STRESS_RECORD = "PRESIDENT_TEST_RECORD"
"""The variable naming the file each pytest run appends its outcomes to (one JSON line a
failed test phase, with its log, and one line of counts: ``tests/conftest.py``)."""
LOG_LINES = 40
"""How much of each failure's log the report keeps: its first lines, after the lines the
assertion or error printed (pytest's ``E`` lines, which end a long traceback)."""


@dataclass
class Run:
    number: int
    loaded: bool
    seconds: float = 0.0
    exit_code: int = 0
    counts: dict[str, int] = field(default_factory=lambda: {"passed": 0, "failed": 0, "error": 0})
    failures: list[dict[str, str]] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.failures) or self.exit_code != 0


@contextlib.contextmanager
def cpu_load(on: bool) -> Iterator[int]:
    """A busy loop on every core while inside (none unless ``on``); yields their number."""
    loops = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range((os.cpu_count() or 1) if on else 0)
    ]
    try:
        yield len(loops)
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def run_once(run: Run, command: list[str], log: Path) -> None:
    record = log.with_suffix(".jsonl")
    record.unlink(missing_ok=True)
    started = time.monotonic()
    with cpu_load(run.loaded), log.open("w") as out:
        env = os.environ | {STRESS_RECORD: str(record.resolve())}
        run.exit_code = subprocess.run(
            command, stdout=out, stderr=subprocess.STDOUT, env=env
        ).returncode
    run.seconds = time.monotonic() - started
    lines = record.read_text().splitlines() if record.exists() else []
    for line in map(json.loads, lines):
        if "counts" in line:
            for kind, count in line["counts"].items():
                run.counts[kind] += count
        else:
            run.failures.append(line)


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {int(seconds % 60):02d} s"


def report(runs: list[Run], command: list[str], cores: int) -> str:
    total = sum(r.seconds for r in runs)
    tests = sum(r.counts["passed"] + r.counts["failed"] + r.counts["error"] for r in runs)
    failures = sum(len(r.failures) for r in runs)
    lines = [
        f"# make test-stress: {len(runs)} runs of `{' '.join(command)}`, "
        f"{sum(r.loaded for r in runs)} under load (a busy loop on each of {cores} cores)",
        "",
        f"runs {len(runs)}, tests {tests}, failures {failures}, wall {_minutes(total)}",
        "",
        "| run | load | wall | passed | failed | errors | exit |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in runs:
        c = r.counts
        lines.append(
            f"| {r.number} | {'busy loops' if r.loaded else 'none'} | {_minutes(r.seconds)} "
            f"| {c['passed']} | {c['failed']} | {c['error']} | {r.exit_code} |"
        )
    for r in runs:
        for failure in r.failures:
            lines_of_log = failure["log"].splitlines()
            said = [line for line in lines_of_log if line.startswith("E ")][: LOG_LINES // 2]
            head = "\n".join(
                [*said, "...", *lines_of_log[:LOG_LINES]] if said else lines_of_log[:LOG_LINES]
            )
            lines += [
                "",
                f"## run {r.number}: {failure['test']} ({failure['when']})",
                "```",
                head,
                "```",
            ]
        if r.exit_code and not r.failures:
            lines += [
                "",
                f"## run {r.number}: exit {r.exit_code} without a failed test (see its log)",
            ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--load", type=int, default=2, help="how many of the runs (the last) under load"
    )
    parser.add_argument("--report", type=Path, default=Path("stress-report.md"))
    parser.add_argument("command", nargs="+")
    options = parser.parse_args(argv)
    cores = os.cpu_count() or 1
    options.report.parent.mkdir(parents=True, exist_ok=True)
    runs: list[Run] = []
    for number in range(1, options.runs + 1):
        run = Run(number, loaded=number > options.runs - options.load)
        log = options.report.parent / f"{options.report.stem}-run-{number}.log"
        print(
            f"run {number}/{options.runs}{' under load' if run.loaded else ''}: {log}", flush=True
        )
        run_once(run, options.command, log)
        runs.append(run)
        print(f"  {_minutes(run.seconds)}, {run.counts}, exit {run.exit_code}", flush=True)
        options.report.write_text(report(runs, options.command, cores))  # as it goes
    print(options.report.read_text())
    return 1 if any(r.failed for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
