"""``python -m president.relay [OPTIONS]``: the same as ``president relay [OPTIONS]``."""

from __future__ import annotations

import sys

from president.cli import app

if __name__ == "__main__":
    app(["relay", *sys.argv[1:]], prog_name="python -m president.relay")
