"""The page's l10n.js and the vendored @fluent/bundle, run by Node (no browser): what the
page would show, for tests that compare it with the Python side."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
L10N_JS = ROOT / "services" / "web" / "static" / "l10n.js"
FLUENT_BUNDLE = ROOT / "services" / "web" / "vendor" / "modules" / "fluent-bundle"
NODE = shutil.which("node")


def run_node(script: str, data: Any) -> Any:
    """Run ES module ``script`` with ``page`` (l10n.js), ``FluentBundle``/``FluentResource``
    (the vendored module) and ``data`` in scope; what it passes to ``done(x)`` comes back."""
    if NODE is None:
        raise RuntimeError("node is not installed (Debian: nodejs)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(FLUENT_BUNDLE, folder / "fb")
        (folder / "fb" / "package.json").write_text('{"type": "module"}')  # ESM files
        page = L10N_JS.read_text().replace("/vendor/fluent-bundle/index.js", "./fb/index.js")
        (folder / "l10n.mjs").write_text(page)
        (folder / "data.json").write_text(json.dumps(data))
        (folder / "main.mjs").write_text(
            'import * as page from "./l10n.mjs";\n'
            'import { FluentBundle, FluentResource } from "./fb/index.js";\n'
            'import { readFileSync } from "node:fs";\n'
            'const data = JSON.parse(readFileSync(new URL("./data.json", import.meta.url)));\n'
            "const done = (x) => process.stdout.write(JSON.stringify(x));\n"
            "console.warn = () => {};\n" + script
        )
        ran = subprocess.run(
            [NODE, str(folder / "main.mjs")],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        if ran.returncode != 0:
            raise RuntimeError(ran.stderr)
        return json.loads(ran.stdout)
