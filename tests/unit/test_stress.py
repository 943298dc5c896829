"""``make test-stress``'s runner: every failure of every run in one report, exit 1 on any."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.support.stress import STRESS_RECORD, main


def _run_writing(*lines: dict[str, object]) -> list[str]:
    """A command that records ``lines`` as a pytest run under the runner would."""
    text = "".join(json.dumps(line) + "\n" for line in lines)
    code = f"import os; open(os.environ[{STRESS_RECORD!r}], 'a').write({text!r})"
    return [sys.executable, "-c", code]


def test_a_failure_in_one_run_is_reported_with_its_id_and_log_and_fails_the_whole(
    tmp_path: Path,
) -> None:
    report = tmp_path / "report.md"
    failed = _run_writing(
        {"test": "tests/unit/test_x.py::test_y", "when": "call", "log": "E  assert 1 == 2\nmore"},
        {"counts": {"passed": 3, "failed": 1, "error": 0}},
    )

    assert main(["--runs", "2", "--load", "0", "--report", str(report), "--", *failed]) == 1

    text = report.read_text()
    assert "runs 2, tests 8, failures 2" in text
    assert text.count("## run ") == 2 and "tests/unit/test_x.py::test_y (call)" in text
    assert "E  assert 1 == 2" in text
    assert (tmp_path / "report-run-1.log").exists() and (tmp_path / "report-run-2.log").exists()


def test_runs_without_a_failure_pass(tmp_path: Path) -> None:
    report = tmp_path / "report.md"
    passed = _run_writing({"counts": {"passed": 5, "failed": 0, "error": 0}})

    assert main(["--runs", "1", "--load", "0", "--report", str(report), "--", *passed]) == 0
    assert "runs 1, tests 5, failures 0" in report.read_text()
