"""Where the tests that run `alone` live: in the e2e and chaos tiers only, so `make
test-quick` (the unit and integration tiers) runs side by side without a second pass."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_the_tests_that_run_alone_are_end_to_end_or_chaos() -> None:
    marked = [
        path.relative_to(TESTS)
        for path in TESTS.rglob("*.py")
        if "mark.alone" in path.read_text(encoding="utf-8") and path.name != Path(__file__).name
    ]
    assert marked, "no test is marked alone: the scan reads the wrong files"
    assert [p for p in marked if p.parts[0] not in ("e2e", "chaos")] == []
