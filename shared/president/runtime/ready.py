"""The readiness file: a service creates it once it serves, and removes it when it stops.

The launcher waits for it; a Kubernetes readiness probe can test for it the same way.
"""

from __future__ import annotations

import os
from pathlib import Path


def mark_ready(path: Path | None, detail: str = "") -> None:
    """Create ``path`` atomically (no-op for None): the process serves from now on."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(f"{os.getpid()} {detail}\n".rstrip() + "\n")
    temporary.replace(path)


def clear_ready(path: Path | None) -> None:
    """Remove ``path`` (no-op for None or when absent): the process no longer serves."""
    if path is not None:
        path.unlink(missing_ok=True)
