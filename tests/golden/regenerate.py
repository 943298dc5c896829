"""Regenerate the golden outputs: ``python -m tests.golden.regenerate [NAME ...]``.

Each ``NAME.script.json`` here is a hand-written referee script; its
``NAME.expected.json`` is the stdout of ``president referee NAME.script.json``,
byte for byte. Regenerate only after a deliberate change of the rules or of
the output format, and check every changed line by hand (see README.md):
these files are the reference the tests hold the engine to.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent


def president() -> Path:
    """The console script installed next to the running interpreter."""
    return Path(sys.executable).parent / "president"


def scripts() -> list[Path]:
    return sorted(GOLDEN.glob("*.script.json"))


def expected_path(script: Path) -> Path:
    return script.with_name(script.name.removesuffix(".script.json") + ".expected.json")


def start_referee(script: Path) -> subprocess.Popen[bytes]:
    """``president referee SCRIPT`` as a real process (start several, then wait)."""
    return subprocess.Popen(
        [str(president()), "referee", str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def main(names: list[str]) -> int:
    chosen = [s for s in scripts() if not names or s.name.removesuffix(".script.json") in names]
    running = {script: start_referee(script) for script in chosen}
    for script, process in running.items():
        out, err = process.communicate()
        if process.returncode != 0:
            print(f"{script.name}: exit {process.returncode}\n{err.decode()}", file=sys.stderr)
            return 1
        target = expected_path(script)
        changed = not target.exists() or target.read_bytes() != out
        target.write_bytes(out)
        print(f"{target.name}: {'CHANGED' if changed else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
