"""`president bench compare`: `bench e2e` on an earlier revision and on this checkout,
alternated, so that both sides see the same machine; `president bench scale`: `bench e2e`
with one engine count and another, alternated, for the same reason."""

from __future__ import annotations

import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer

from president_tools.cli.app import bench_app

CHECKOUT = Path(__file__).resolve().parents[4]
"""The checkout this command runs from (``shared/tools/president_tools/cli/`` is in it)."""


FIGURES = (
    "actions_per_s",
    "rtt_p50_ms",
    "rtt_p99_ms",
    "ratio_to_pg_commits",
    "engines_ms",
    "relay_ms",
    "table_ms",
    "ai_workers_ms",
    "services_ms",
    "servers_ms",
    "all_ms",
    "prompt_bytes_per_action",
    "cpu_probe_ms",
)
"""What each run is summed up by (CPU in ms per action; engines and AI workers summed; the
slower of the machine's CPU probes before and after, None from a revision without it)."""


@bench_app.command(
    "compare", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def bench_compare(
    ctx: typer.Context,
    before: Annotated[str, typer.Option(help="The git revision to compare this checkout with.")],
    pairs: Annotated[int, typer.Option(min=1, help="Runs of each side, alternated.")] = 3,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Run `president bench e2e --json` on revision BEFORE and on this checkout's work tree,
    one after the other, PAIRS times; print each run's figures and each side's medians (a
    run that fails is said and left out).

    Any other option goes to every `bench e2e` (`--engines 2`, `--no-auditor`, ...). Each
    side runs from its own tree, as its own code: the revision is exported (`git archive`)
    to a temporary folder, and each run starts there with only that tree on the path
    (a service started from another folder would import that folder's `services`).
    """
    with tempfile.TemporaryDirectory(prefix="president-before-") as scratch:
        trees = {"before": _export(before, Path(scratch)), "after": CHECKOUT}
        runs: list[dict[str, Any]] = []
        for pair in range(1, pairs + 1):
            for side, tree in trees.items():
                report = _bench(tree, list(ctx.args))
                run = {"pair": pair, "side": side}
                runs.append(run | ({"failed": True} if report is None else summary(report)))
                if not as_json and report is not None:
                    typer.echo(_line(runs[-1]))
    medians = {
        side: _medians([r for r in runs if r["side"] == side and not r.get("failed")])
        for side in trees
    }
    if as_json:
        typer.echo(json.dumps({"before": before, "runs": runs, "medians": medians}))
        return
    for side, figures in medians.items():
        typer.echo(_line({"pair": "median", "side": side, **figures}))


@bench_app.command(
    "scale", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def bench_scale(
    ctx: typer.Context,
    engines: Annotated[
        str, typer.Option(help="Engine counts, comma-separated, run in this order each round.")
    ] = "1,2",
    pairs: Annotated[int, typer.Option(min=1, help="Rounds: runs of each count.")] = 3,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Run `president bench e2e --json --engines N` of this checkout for each count in
    ENGINES, one after the other, PAIRS times; print each run's figures, each count's
    medians, and each count's actions/s against the first count's: by the medians and
    round by round (a run that fails is said and left out).

    On one machine a second engine adds no CPU: near 1.0 says that scaling out costs
    nothing on the way (no hop, nothing done twice). Any other option goes to every
    `bench e2e` (`--no-auditor`, `--tables 32`, ...)."""
    try:
        counts = [int(n) for n in engines.split(",")]
    except ValueError:
        counts = []
    if not counts or min(counts) < 1:
        raise typer.BadParameter("counts of 1 or more, e.g. 1,2", param_hint="--engines")
    runs: list[dict[str, Any]] = []
    for pair in range(1, pairs + 1):
        for count in counts:
            report = _bench(CHECKOUT, ["--engines", str(count), *ctx.args])
            run = {"pair": pair, "side": f"{count}e"}
            runs.append(run | ({"failed": True} if report is None else summary(report)))
            if not as_json and report is not None:
                typer.echo(_line(runs[-1]))
    sides = [f"{count}e" for count in counts]
    medians = {
        side: _medians([r for r in runs if r["side"] == side and not r.get("failed")])
        for side in sides
    }
    ratios = scaling(runs, medians, sides)
    if as_json:
        typer.echo(json.dumps({"engines": counts, "runs": runs, "medians": medians} | ratios))
        return
    for side, figures in medians.items():
        typer.echo(_line({"pair": "median", "side": side, **figures}))
    for side in sides[1:]:
        rounds = ", ".join(f"{r:.2f}" for r in ratios["rounds"][side])
        typer.echo(
            f"actions/s of {side} against {sides[0]}: {ratios['ratio'][side]} by the "
            f"medians; by round {rounds}"
        )


def scaling(
    runs: list[dict[str, Any]], medians: dict[str, dict[str, Any]], sides: list[str]
) -> dict[str, Any]:
    """Each side's actions/s against the first side's: ``ratio``, of the medians, and
    ``rounds``, of each round where both ran."""
    first = sides[0]

    def ratio(a: float | None, b: float | None) -> float | None:
        return round(a / b, 3) if a is not None and b else None

    by_round: dict[tuple[int, str], float] = {
        (r["pair"], r["side"]): r["actions_per_s"] for r in runs if not r.get("failed")
    }
    rounds = sorted({pair for pair, _ in by_round})
    return {
        "ratio": {
            side: ratio(medians[side]["actions_per_s"], medians[first]["actions_per_s"])
            for side in sides[1:]
        },
        "rounds": {
            side: [
                round(by_round[(p, side)] / by_round[(p, first)], 3)
                for p in rounds
                if (p, side) in by_round and (p, first) in by_round
            ]
            for side in sides[1:]
        },
    }


def _export(revision: str, into: Path) -> Path:
    """The tree of ``revision`` of this checkout's repository, written under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(CHECKOUT), "archive", "--format=tar", revision],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        raise typer.BadParameter(
            archive.stderr.decode(errors="replace").strip(), param_hint="--before"
        )
    tree = into / "tree"
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(tree, filter="data")
    if not (tree / "shared" / "tools" / "president_tools").is_dir():
        raise typer.BadParameter(
            f"{revision} has no shared/tools/president_tools: too old to compare",
            param_hint="--before",
        )
    return tree


def _bench(tree: Path, options: list[str]) -> dict[str, Any] | None:
    """One `bench e2e --json` run of the code in ``tree``: its report, None when it
    failed (said on stderr; the other runs go on)."""
    path = os.pathsep.join(str(tree / p) for p in ("shared", "shared/tools", "."))
    done = subprocess.run(
        [sys.executable, "-m", "president_tools", "bench", "e2e", "--json", *options],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode == 0 and lines:
        report: dict[str, Any] = json.loads(lines[-1])
        return report
    said = (done.stderr or done.stdout)[-2000:]
    typer.echo(f"bench e2e failed in {tree} (exit {done.returncode}):\n{said}", err=True)
    return None


def summary(report: dict[str, Any]) -> dict[str, Any]:
    """The ``FIGURES`` of one `bench e2e --json` report."""
    cpu: dict[str, float] = report["cpu_ms_per_action"]

    def summed(prefix: str) -> float:
        return round(sum(v for k, v in cpu.items() if k.startswith(prefix)), 3)

    return {
        "actions_per_s": report["actions_per_s"],
        "rtt_p50_ms": report["rtt_p50_ms"],
        "rtt_p99_ms": report["rtt_p99_ms"],
        "ratio_to_pg_commits": report["ratio_to_pg_commits"],
        "engines_ms": summed("engine"),
        "relay_ms": summed("relay"),
        "table_ms": summed("table"),
        "ai_workers_ms": summed("ai-worker"),
        "services_ms": cpu["services"],
        "servers_ms": cpu["servers"],
        "all_ms": cpu["all"],
        "prompt_bytes_per_action": report.get("prompt_bytes_per_action"),
        "cpu_probe_ms": max(report["cpu_probe_ms"].values()) if "cpu_probe_ms" in report else None,
    }


def _medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in FIGURES:
        values = [r[name] for r in runs if r.get(name) is not None]
        out[name] = round(statistics.median(values), 3) if values else None
    return out


def _line(run: dict[str, Any]) -> str:
    return f"{run['pair']!s:>6} {run['side']:<6} " + " ".join(
        f"{name}={run[name]}" for name in FIGURES
    )
